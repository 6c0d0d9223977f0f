/**
 * One-off after an upgrade: brings texts stored before today's byte caps within them. Every save checks the caps
 * (shared-rules text-bytes.ts, domain/limits.ts), but rows written before a cap existed may be longer, and then a
 * page that carries them, an exam start or a teacher's next save of the row pays for (or refuses) the excess.
 *
 *   npm run fit-texts -w server                   # dry run: lists what is over its cap, changes nothing
 *   npm run fit-texts -w server -- --apply        # shortens them, after writing every original to a file
 *
 * Same environment as the server (DATA_DIR or DATABASE_URL); safe while the server runs and safe to repeat (a text
 * within its cap is left as it is). What it checks:
 *
 * - exercises and exams: each question text, option and essay reference answer (MAX_QUESTION_TEXT_BYTES);
 * - discussions of both forums: topic (MAX_TOPIC_BYTES) and description (MAX_DESCRIPTION_BYTES); replies
 *   (MAX_REPLY_BYTES);
 * - materials: the content's text (MAX_RICH_HTML_CHARS, pictures aside) and the whole material as a list carries it
 *   (MAX_MATERIAL_BYTES with title and description);
 * - reports: the reason (MAX_REPORT_REASON_BYTES);
 * - answer sheets of exercises and exams: each answer (MAX_ANSWER_BYTES) and the whole sheet (MAX_SHEET_BYTES), without
 *   changing a grade (fit-sheet-answers.ts says how); an answer that cannot be cut so is listed and left as it is.
 *
 * Nothing a teacher or student wrote is lost silently: with --apply, each original text is first appended to a file
 * (`--originals <file>`, default DATA_DIR/fitted-texts-<time>.jsonl: one JSON line per text with its table, row id,
 * field and full text), and a shortened text ends with TRIM_MARKER so readers see it was cut. A text is cut at a
 * character boundary (never inside a surrogate pair, an HTML tag or an entity); a material's HTML is also cut before
 * its element past MAX_HTML_ELEMENTS, and goes through today's sanitizer, which closes the elements left open (and
 * cleans it by today's rules). A material the sanitizer refuses for another reason (nested deeper than
 * MAX_HTML_DEPTH) is listed and left as it is, for someone to shorten by hand.
 *
 * Titles, names and descriptions of classes and materials have caps in characters (their schemas' maxLength), not in
 * bytes; this command leaves them alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { databaseLocation } from './config';
import { connectDatabase, type Db } from './db/connect';
import { readAnswersColumn, toDbJson } from './db/json';
import { ContentError, listQuestions, parseContentColumn } from './domain/content';
import { parseDetailColumn } from './domain/grading';
import { MAX_SHEET_BYTES, sheetBytes } from './domain/sheet-bounds';
import { fitSheetAnswers, type SheetFacts } from './fit-sheet-answers';
import { inlinePictureChars } from './domain/images';
import {
  MAX_DESCRIPTION_BYTES,
  MAX_HTML_ELEMENTS,
  MAX_MATERIAL_BYTES,
  MAX_ANSWER_BYTES,
  MAX_QUESTION_TEXT_BYTES,
  MAX_REPLY_BYTES,
  MAX_REPORT_REASON_BYTES,
  MAX_RICH_HTML_CHARS,
  MAX_TOPIC_BYTES,
} from './domain/limits';
import { materialBytes } from './domain/material-bytes';
import { sanitizeRichHtml } from './domain/sanitize';
import { overBytes, textBytes } from '@kelasku/shared-rules';
import { cutToBytes, TRIM_MARKER } from './text-cuts';

export { cutToBytes, TRIM_MARKER };

export interface FittedText {
  table:
    | 'exercises'
    | 'exams'
    | 'general_forum'
    | 'material_forum'
    | 'discussion_replies'
    | 'materials'
    | 'reports'
    | 'exercise_answers'
    | 'exam_answers';
  id: number | string;
  /** the column, the content key of a question text (`content["3_a"]`) or the answer of a question (`answers["2"]`) */
  field: string;
  bytes: number;
  cap: number;
}

export interface FitReport {
  /** texts over their cap: shortened with `apply`, only listed without */
  over: FittedText[];
  /** materials and answer sheets over a cap that could not be shortened automatically (left as they are) */
  leftAsTheyAre: (FittedText & { reason: string })[];
}

const PAGE = 100;

/** `end` moved back off the middle of an HTML tag or entity (`<span sty|le=…>`, `&am|p;`). */
function outsideMarkup(html: string, end: number): number {
  const head = html.slice(0, end);
  const tag = head.lastIndexOf('<');
  if (tag > head.lastIndexOf('>')) return tag;
  const entity = head.lastIndexOf('&');
  if (entity > head.lastIndexOf(';') && end - entity <= 32) return entity;
  return end;
}

/** Where the `count`th start tag of `html` begins (the end when it has fewer). */
function beforeStartTag(html: string, count: number): number {
  const tags = /<[a-z]/gi;
  for (let seen = 0; tags.exec(html) !== null;) if (++seen === count) return tags.lastIndex - 2;
  return html.length;
}

/**
 * A material's content cut to fit its caps (bytes in a list, characters, elements), as today's sanitizer writes it
 * (open elements closed), with the marker in a paragraph of its own. Throws the sanitizer's ContentError when the
 * kept part is refused for another reason (nested too deep).
 */
export function fitMaterialContent(row: { title: string; description: string; content: string }): string {
  const marker = `<p>${TRIM_MARKER.trim()}</p>`;
  const others = materialBytes({ ...row, content: '' }).list_bytes;
  let budget = Math.min(MAX_MATERIAL_BYTES - others, MAX_RICH_HTML_CHARS + inlinePictureChars(row.content));
  let elements = MAX_HTML_ELEMENTS - 1; // the marker's paragraph is one more
  for (;;) {
    const cut = cutToBytes(row.content.slice(0, beforeStartTag(row.content, elements + 1)), budget, '');
    let fitted: string;
    try {
      fitted = sanitizeRichHtml(`${cut.slice(0, outsideMarkup(cut, cut.length))}${marker}`);
    } catch (e) {
      // the parser counts elements it implies too: keep fewer
      if (!(e instanceof ContentError) || e.extra?.code !== 'html-too-many-elements') throw e;
      elements = Math.floor(elements * 0.95);
      continue;
    }
    const fits =
      materialBytes({ ...row, content: fitted }).list_bytes <= MAX_MATERIAL_BYTES &&
      fitted.length - inlinePictureChars(fitted) <= MAX_RICH_HTML_CHARS;
    if (fits) return fitted;
    // the closing tags the sanitizer added (or its escapes) took it over: leave them more room
    budget -= Math.max(1024, Math.ceil(budget * 0.02));
    if (budget <= 0) throw new ContentError('no part of the content fits');
  }
}

/** The texts of a content map that carry a question text cap (not pictures, not the answer letter). */
const CAPPED_KEY = /^\d+(?:|_essay|_[a-d]|_essay_answer)$/;

interface Keeper {
  keep(text: FittedText, original: string): void;
}

/** Every row of a table, a page at a time in id order: `page(after)` reads the rows after an id, `each` takes one. */
async function forEachRow<Row extends { id: number | string }>(
  first: Row['id'],
  page: (after: Row['id']) => Promise<Row[]>,
  each: (row: Row) => Promise<void>,
): Promise<void> {
  for (let after = first; ;) {
    const rows = await page(after);
    if (rows.length === 0) return;
    for (const row of rows) await each(row);
    after = rows[rows.length - 1].id;
  }
}

/**
 * One stored text against its cap: over it, the text is listed and, with `apply`, its original kept and the cut text
 * returned (to be written); undefined when nothing is to be written.
 */
function fitText(
  where: Pick<FittedText, 'table' | 'id' | 'field'>,
  value: string,
  cap: number,
  { apply, report, keeper }: Fitting,
): string | undefined {
  if (!overBytes(value, cap)) return undefined;
  const text: FittedText = { ...where, bytes: textBytes(value), cap };
  report.over.push(text);
  if (!apply) return undefined;
  keeper.keep(text, value);
  return cutToBytes(value, cap);
}

/** What every fitting step shares: whether it writes, what it reports, and where the originals go. */
interface Fitting {
  apply: boolean;
  report: FitReport;
  keeper: Keeper;
}

async function fitContentMaps(db: Db, table: 'exercises' | 'exams', fitting: Fitting): Promise<void> {
  const page = (after: number) =>
    db.selectFrom(table).select(['id', 'content']).where('id', '>', after).orderBy('id').limit(PAGE).execute();
  await forEachRow(0, page, async (row) => {
    const content = parseContentColumn(row.content);
    let changed = false;
    for (const [key, value] of Object.entries(content ?? {})) {
      if (!CAPPED_KEY.test(key) || typeof value !== 'string') continue;
      const where = { table, id: row.id, field: `content["${key}"]` };
      const fitted = fitText(where, value, MAX_QUESTION_TEXT_BYTES, fitting);
      if (fitted === undefined) continue;
      content[key] = fitted;
      changed = true;
    }
    if (changed)
      await db
        .updateTable(table)
        .set({ content: toDbJson(content) })
        .where('id', '=', row.id)
        .execute();
  });
}

async function fitDiscussions(db: Db, table: 'general_forum' | 'material_forum', fitting: Fitting): Promise<void> {
  const caps = { topic: MAX_TOPIC_BYTES, description: MAX_DESCRIPTION_BYTES } as const;
  const page = (after: number) =>
    db
      .selectFrom(table)
      .select(['id', 'topic', 'description'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
  await forEachRow(0, page, async (row) => {
    const set: Partial<Record<keyof typeof caps, string>> = {};
    for (const field of ['topic', 'description'] as const) {
      const fitted = fitText({ table, id: row.id, field }, row[field], caps[field], fitting);
      if (fitted !== undefined) set[field] = fitted;
    }
    if (Object.keys(set).length > 0) await db.updateTable(table).set(set).where('id', '=', row.id).execute();
  });
}

async function fitReplies(db: Db, fitting: Fitting): Promise<void> {
  const page = (after: string) =>
    db
      .selectFrom('discussion_replies')
      .select(['id', 'reply'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
  await forEachRow('', page, async (row) => {
    const where = { table: 'discussion_replies', id: row.id, field: 'reply' } as const;
    const reply = fitText(where, row.reply, MAX_REPLY_BYTES, fitting);
    if (reply !== undefined)
      await db.updateTable('discussion_replies').set({ reply }).where('id', '=', row.id).execute();
  });
}

async function fitMaterials(db: Db, { apply, report, keeper }: Fitting): Promise<void> {
  // Only the candidates are read, one at a time (a material may hold 1.5 MB): over the list cap (list_bytes, kept by
  // every save since 0018), or longer than the text cap in characters, pictures included (checked without them below).
  const candidates = await db
    .selectFrom('materials')
    .select('id')
    .where((eb) =>
      eb.or([eb('list_bytes', '>', MAX_MATERIAL_BYTES), eb(sql<number>`length(content)`, '>', MAX_RICH_HTML_CHARS)]),
    )
    .orderBy('id')
    .execute();
  for (const { id } of candidates) {
    const row = await db
      .selectFrom('materials')
      .select(['id', 'title', 'description', 'content'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (row) {
      const bytes = materialBytes(row).list_bytes;
      const chars = row.content.length - inlinePictureChars(row.content);
      if (bytes <= MAX_MATERIAL_BYTES && chars <= MAX_RICH_HTML_CHARS) continue;
      const text: FittedText =
        bytes > MAX_MATERIAL_BYTES
          ? { table: 'materials', id: row.id, field: 'content', bytes, cap: MAX_MATERIAL_BYTES }
          : {
              table: 'materials',
              id: row.id,
              field: 'content (characters without pictures)',
              bytes: chars,
              cap: MAX_RICH_HTML_CHARS,
            };
      let fitted: string;
      try {
        fitted = fitMaterialContent(row);
      } catch (e) {
        if (!(e instanceof ContentError)) throw e;
        report.leftAsTheyAre.push({ ...text, reason: e.message });
        continue;
      }
      report.over.push(text);
      if (!apply) continue;
      keeper.keep(text, row.content);
      const sizes = materialBytes({ ...row, content: fitted });
      await db
        .updateTable('materials')
        .set({ content: fitted, list_bytes: sizes.list_bytes, image_refs: sizes.image_refs })
        .where('id', '=', row.id)
        .execute();
    }
  }
}

async function fitReportReasons(db: Db, fitting: Fitting): Promise<void> {
  const page = (after: number) =>
    db.selectFrom('reports').select(['id', 'reason']).where('id', '>', after).orderBy('id').limit(PAGE).execute();
  await forEachRow(0, page, async (row) => {
    if (row.reason === null) return;
    const reason = fitText(
      { table: 'reports', id: row.id, field: 'reason' },
      row.reason,
      MAX_REPORT_REASON_BYTES,
      fitting,
    );
    if (reason !== undefined) await db.updateTable('reports').set({ reason }).where('id', '=', row.id).execute();
  });
}

type SheetKind = 'exercise' | 'exam';
interface SheetRow {
  id: number;
  item_id: number;
  student_id: number;
  status: string;
  answers: unknown;
  /** updated_at as the database writes it: the sheet is written only if no save came meanwhile */
  stamp: string;
}

const SHEET_TABLE = { exercise: 'exercise_answers', exam: 'exam_answers' } as const;

async function sheetPage(db: Db, kind: SheetKind, after: number): Promise<SheetRow[]> {
  const stamp = sql<string>`CAST(updated_at AS TEXT)`.as('stamp');
  if (kind === 'exam')
    return db
      .selectFrom('exam_answers')
      .select(['id', 'exam_id as item_id', 'student_id', 'status', 'answers', stamp])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
  return db
    .selectFrom('exercise_answers')
    .select(['id', 'exercise_id as item_id', 'student_id', 'status', 'answers', stamp])
    .where('id', '>', after)
    .orderBy('id')
    .limit(PAGE)
    .execute();
}

/** What fitSheetAnswers needs to know of a sheet: its item's questions and, once submitted, its teacher's scores. */
async function sheetFacts(db: Db, kind: SheetKind, row: SheetRow, contents: Map<number, unknown>): Promise<SheetFacts> {
  if (!contents.has(row.item_id)) {
    const item =
      kind === 'exam'
        ? await db.selectFrom('exams').select('content').where('id', '=', row.item_id).executeTakeFirst()
        : await db.selectFrom('exercises').select('content').where('id', '=', row.item_id).executeTakeFirst();
    contents.set(row.item_id, item?.content ?? null);
  }
  const content = contents.get(row.item_id);
  const kinds = new Map(listQuestions(content ? parseContentColumn(content) : {}).map((q) => [String(q.n), q.kind]));
  const open = row.status === 'Active';
  const teacherScored = new Set<string>();
  if (!open) {
    const grade =
      kind === 'exam'
        ? await db
            .selectFrom('exam_scores')
            .select('detail')
            .where('exam_id', '=', row.item_id)
            .where('student_id', '=', row.student_id)
            .executeTakeFirst()
        : await db
            .selectFrom('exercise_scores')
            .select('detail')
            .where('exercise_id', '=', row.item_id)
            .where('student_id', '=', row.student_id)
            .executeTakeFirst();
    for (const [n, d] of Object.entries(parseDetailColumn(grade?.detail ?? null)))
      if (d.kind === 'essay' && d.source === 'teacher' && d.score !== null) teacherScored.add(n);
  }
  return { kinds, open, teacherScored };
}

/**
 * Answer sheets over today's caps (each answer, the whole sheet), fitted without changing a grade
 * (fit-sheet-answers.ts).
 * A sheet saved while it was being fitted is left for the next run.
 */
async function fitSheets(db: Db, kind: SheetKind, { apply, report, keeper }: Fitting): Promise<void> {
  const table = SHEET_TABLE[kind];
  const contents = new Map<number, unknown>();
  await forEachRow(
    0,
    (after: number) => sheetPage(db, kind, after),
    async (row) => {
      const answers = readAnswersColumn(row.answers);
      if (!answers) return;
      const bytes = sheetBytes(answers);
      const overAnswers = Object.entries(answers).filter(([, a]) => overBytes(a, MAX_ANSWER_BYTES));
      if (bytes <= MAX_SHEET_BYTES && overAnswers.length === 0) return;
      const fit = fitSheetAnswers(answers, await sheetFacts(db, kind, row, contents));
      const textOf = (question: string): FittedText => ({
        table,
        id: row.id,
        field: `answers["${question}"]`,
        bytes: textBytes(answers[question]),
        cap: MAX_ANSWER_BYTES,
      });
      const whole: FittedText = { table, id: row.id, field: 'answers', bytes, cap: MAX_SHEET_BYTES };
      for (const { question, reason } of fit.left)
        report.leftAsTheyAre.push({ ...(question ? textOf(question) : whole), reason });
      if (fit.changed.size === 0) return;
      for (const [question] of overAnswers) if (fit.changed.has(question)) report.over.push(textOf(question));
      if (bytes > MAX_SHEET_BYTES && !fit.left.some((l) => l.question === undefined)) report.over.push(whole);
      if (!apply) return;
      for (const [question, original] of fit.changed) keeper.keep(textOf(question), original);
      const stored = sql<boolean>`CAST(updated_at AS TEXT) = ${row.stamp}`;
      const done =
        kind === 'exam'
          ? await db
              .updateTable('exam_answers')
              .set({ answers: toDbJson(fit.answers) })
              .where('id', '=', row.id)
              .where(stored)
              .executeTakeFirst()
          : await db
              .updateTable('exercise_answers')
              .set({ answers: toDbJson(fit.answers) })
              .where('id', '=', row.id)
              .where(stored)
              .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0)
        report.leftAsTheyAre.push({ ...whole, reason: 'saved while it was being fitted: run the command again' });
    },
  );
}

/**
 * Finds the texts over today's caps, and with `apply` shortens them, handing each original to `keep` first (written
 * before the row changes, so an interrupted run loses nothing).
 */
export async function fitStoredTexts(
  db: Db,
  options: { apply: boolean; keep?: (text: FittedText, original: string) => void },
): Promise<FitReport> {
  const report: FitReport = { over: [], leftAsTheyAre: [] };
  const keeper: Keeper = {
    keep:
      options.keep ??
      (() => {
        throw new Error('apply needs somewhere to keep the originals');
      }),
  };
  const fitting: Fitting = { apply: options.apply, report, keeper };
  await fitContentMaps(db, 'exercises', fitting);
  await fitContentMaps(db, 'exams', fitting);
  await fitDiscussions(db, 'general_forum', fitting);
  await fitDiscussions(db, 'material_forum', fitting);
  await fitReplies(db, fitting);
  await fitMaterials(db, fitting);
  await fitReportReasons(db, fitting);
  await fitSheets(db, 'exercise', fitting);
  await fitSheets(db, 'exam', fitting);
  return report;
}

async function cli(args: string[]): Promise<number> {
  const apply = args.includes('--apply');
  const at = args.indexOf('--originals');
  const { dataDir, databaseUrl, sqliteFile } = databaseLocation();
  const originals =
    at >= 0
      ? path.resolve(args[at + 1] ?? '')
      : path.join(dataDir, `fitted-texts-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`);
  const handle = connectDatabase({ databaseUrl, sqliteFile });
  let kept = 0;
  try {
    const report = await fitStoredTexts(handle.db, {
      apply,
      keep: (text, original) => {
        fs.mkdirSync(path.dirname(originals), { recursive: true });
        fs.appendFileSync(originals, `${JSON.stringify({ ...text, original })}\n`, { mode: 0o600 });
        kept++;
      },
    });
    for (const t of report.over)
      console.log(`${apply ? 'shortened' : 'over its cap'}: ${t.table} ${t.id} ${t.field} (${t.bytes} > ${t.cap})`);
    for (const t of report.leftAsTheyAre)
      console.log(`left as it is: ${t.table} ${t.id} ${t.field} (${t.bytes} > ${t.cap}): ${t.reason}`);
    if (apply)
      console.log(`${report.over.length} texts shortened; their originals are in ${kept > 0 ? originals : '(none)'}.`);
    else
      console.log(
        `${report.over.length} texts over their caps. Nothing changed: run again with --apply to shorten them (originals kept in a file).`,
      );
    return 0;
  } catch (err) {
    console.error(`fitting texts failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await handle.close();
  }
}

if (require.main === module) {
  void cli(process.argv.slice(2)).then((code) => process.exit(code));
}
