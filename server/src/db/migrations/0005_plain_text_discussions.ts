import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * Discussion texts (topic, description, replies) are plain text from now on. Until now they went through the
 * rich-HTML sanitizer, which stored "3 < 5 & 7" as "3 &lt; 5 &amp; 7" (and kept tags an old rich-text client sent,
 * e.g. `<p>` wrappers). This turns every stored text back into what its author typed: allowed tags dropped (line
 * breaks for `<br>` and block ends, a link's address kept beside its text), then entities decoded.
 *
 * The decoding lives here, frozen, and not in a shared module: it undoes exactly what the old sanitizer stored.
 */

/** The tags the old sanitizer let through (anything else in its output was escaped, so never looks like a tag). */
const KEPT_TAG = '(?:p|br|h[1-6]|strong|b|em|i|u|s|strike|sub|sup|span|div|ol|ul|li|blockquote|pre|code|a|img|iframe)';
const BLOCK_END_TAG = '</(?:p|div|li|h[1-6]|blockquote|pre)\\s*>';
const HAS_BLOCK_END = new RegExp(BLOCK_END_TAG, 'i');
const BLOCK_END = new RegExp(BLOCK_END_TAG, 'gi');
/** Quill's empty line `<p><br></p>` is one line break, not two: the `<br>` right before a block end goes. */
const BREAK_BEFORE_BLOCK_END = new RegExp(`<br\\s*/?>(?=\\s*${BLOCK_END_TAG})`, 'gi');
const BREAK = /<br\s*\/?>/gi;
const LINK = /<a\s[^<>]*?href="([^"]*)"[^<>]*>([^<]*)<\/a\s*>/gi;
const ANY_KEPT_TAG = new RegExp(`</?${KEPT_TAG}(?:\\s[^<>]*)?/?>`, 'gi');
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** A numeric entity's character, or undefined for a code point no text may hold (NUL, a surrogate, out of range). */
function codePointText(n: number): string | undefined {
  if (n === 0 || (n >= 0xd800 && n <= 0xdfff) || n > 0x10ffff) return undefined;
  return String.fromCodePoint(n);
}

/** Entities decoded in one pass, so "&amp;lt;" becomes "&lt;" (what was typed), not "<". */
export function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name) return NAMED[name];
    return codePointText(dec ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16)) ?? whole;
  });
}

/** What the author of a sanitized discussion text typed. Text with neither `<` nor `&` is returned unchanged. */
export function sanitizedHtmlToText(stored: string): string {
  if (!stored.includes('<') && !stored.includes('&')) return stored;
  const hadBlocks = HAS_BLOCK_END.test(stored);
  const text = stored
    .replace(BREAK_BEFORE_BLOCK_END, '')
    .replace(BREAK, '\n')
    .replace(BLOCK_END, '\n')
    .replace(LINK, (_whole, href: string, label: string) => (label === href || !href ? label : `${label} (${href})`))
    .replace(ANY_KEPT_TAG, '');
  // The last block's end is not a line the author typed.
  return decodeEntities(hadBlocks ? text.replace(/\n+$/, '') : text);
}

const BATCH = 500;

/** Rewrites `columns` of every row of `table` whose text may be encoded, in id order, a batch at a time. */
async function decodeTable(db: AnyDb, table: string, columns: string[]): Promise<void> {
  let after: number | string | undefined;
  for (;;) {
    let q = db
      .selectFrom(table)
      .select(['id', ...columns])
      .where((eb) => eb.or(columns.flatMap((c) => [eb(c, 'like', '%<%'), eb(c, 'like', '%&%')])))
      .orderBy('id')
      .limit(BATCH);
    if (after !== undefined) q = q.where('id', '>', after);
    // the selected columns hold text (a table's rows are untyped here: the table is named at run time)
    const rows = (await q.execute()) as ({ id: number | string } & Record<string, unknown>)[];
    for (const row of rows) {
      const changes: Record<string, string> = {};
      for (const c of columns) {
        const text = row[c] as string;
        const plain = sanitizedHtmlToText(text);
        if (plain !== text) changes[c] = plain;
      }
      if (Object.keys(changes).length > 0) await db.updateTable(table).set(changes).where('id', '=', row.id).execute();
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1].id;
  }
}

export const plainTextDiscussionsMigration: Migration = {
  async up(db: AnyDb) {
    await decodeTable(db, 'general_forum', ['topic', 'description']);
    await decodeTable(db, 'material_forum', ['topic', 'description']);
    await decodeTable(db, 'discussion_replies', ['reply']);
  },
  async down() {
    // Nothing to undo: plain text is what the author typed; encoding it again would not restore their markup.
  },
};
