/**
 * One-off: makes the copies for phones (domain/picture-variants.ts) and the size of pictures stored before copies
 * were made at upload, then writes those sizes into the content saved before (material tags, question picture
 * addresses), so pages offer the copies there as they do in content saved now. Safe while the server runs (the
 * resizing is off the event loop of this process only), and safe to run again: a picture whose size is known is
 * skipped, and content that already carries its pictures' sizes is left as it is.
 *
 *   npm run picture-variants -w server
 *
 * Same environment as the server (DATA_DIR or DATABASE_URL). Until a picture has its copies, the address of a copy
 * leads to the original (routes/images). The content is rewritten here rather than in a migration because a
 * picture's size is known only once this command has read the picture: a migration runs before it.
 */
import { sql } from 'kysely';
import { databaseLocation } from './config';
import { connectDatabase, type Db } from './db/connect';
import { toDbJson } from './db/json';
import { toDbTime } from './db/time';
import { parseContentColumn } from './domain/content';
import {
  type ImageMime,
  IMAGE_EXTENSIONS,
  IMAGE_URL_PREFIX,
  sizeContentPictures,
  sizeHtmlPictures,
} from './domain/images';
import { materialBytes } from './domain/material-bytes';
import { EXAM, EXERCISE, type ItemSpec } from './domain/repo/assessments';
import { saveVariants } from './domain/repo/images';
import { sizePicture } from './domain/picture-variants';

export interface VariantsReport {
  checked: number;
  /** Pictures that got their size and copies. */
  sized: number;
  /** Not readable by libvips: left as they are (served without copies). */
  unreadable: string[];
}

const PAGE = 20;

export async function sizePictureVariantsOfStored(db: Db): Promise<VariantsReport> {
  const report: VariantsReport = { checked: 0, sized: 0, unreadable: [] };
  // Keyset pages by hash over the pictures without a size: a few in memory at a time, however many are stored.
  for (let after = ''; ;) {
    const rows = await db
      .selectFrom('images')
      .select(['hash', 'mime', 'data'])
      .where('width', 'is', null)
      .where('hash', '>', after)
      .orderBy('hash')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) return report;
    for (const row of rows) {
      report.checked++;
      const name = `${row.hash}.${IMAGE_EXTENSIONS[row.mime as ImageMime] ?? row.mime}`;
      try {
        if (!(row.mime in IMAGE_EXTENSIONS)) throw new Error('unknown type');
        await saveVariants(db, row.hash, await sizePicture(row.mime as ImageMime, Buffer.from(row.data)));
        report.sized++;
      } catch {
        report.unreadable.push(name);
      }
    }
    after = rows[rows.length - 1].hash;
  }
}

/** How many stored rows now carry their pictures' sizes. */
export interface ContentReport {
  materials: number;
  exercises: number;
  exams: number;
}

/** Rows that name a stored picture somewhere (a JSON column is compared as its text). */
const NAMES_A_PICTURE = `%${IMAGE_URL_PREFIX}%`;

/**
 * Materials saved before their pictures' sizes were known, rewritten as a save writes them now (sizeHtmlPictures: the
 * same rule, in domain/images.ts). A row is written only when that changes it, and only if nobody saved it meanwhile
 * (their save sized it already). Its list size is kept with it (material-bytes.ts); its `updated_at` is left, as the
 * teacher changed nothing.
 */
async function sizeStoredMaterials(db: Db): Promise<number> {
  let changed = 0;
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('materials')
      .select(['id', 'title', 'description', 'content'])
      .where('content', 'like', NAMES_A_PICTURE)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) return changed;
    for (const row of rows) {
      const content = await sizeHtmlPictures(db, row.content, []);
      if (content === row.content) continue;
      const done = await db
        .updateTable('materials')
        .set({ content, ...materialBytes({ ...row, content }) })
        .where('id', '=', row.id)
        .where('content', '=', row.content)
        .executeTakeFirst();
      changed += Number(done.numUpdatedRows);
    }
    after = rows[rows.length - 1].id;
  }
}

/**
 * Exercises and exams whose question pictures' addresses lack their size, rewritten as a save writes them now
 * (sizeContentPictures). `updated_at` moves, as on a save: the servers' parsed-content caches are keyed by it
 * (repo/assessments.ts), so running servers serve the new addresses at once.
 */
async function sizeStoredItems(db: Db, spec: ItemSpec): Promise<number> {
  let changed = 0;
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom(spec.table)
      .select(['id', 'content'])
      .where(sql<string>`cast(content as text)`, 'like', NAMES_A_PICTURE)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) return changed;
    for (const row of rows) {
      const before = parseContentColumn(row.content);
      const text = toDbJson(await sizeContentPictures(db, before, []));
      if (text === toDbJson(before)) continue;
      // As stored (SQLite: the text read; PostgreSQL: jsonb, compared by value): nobody saved the item meanwhile.
      const stored = typeof row.content === 'string' ? row.content : toDbJson(row.content);
      const done = await db
        .updateTable(spec.table)
        .set({ content: text, updated_at: toDbTime() })
        .where('id', '=', row.id)
        .where('content', '=', stored)
        .executeTakeFirst();
      changed += Number(done.numUpdatedRows);
    }
    after = rows[rows.length - 1].id;
  }
}

/** Content saved before its pictures' sizes were known gets them, as content saved now has them (see the module comment). */
export async function sizePicturesInStoredContent(db: Db): Promise<ContentReport> {
  return {
    materials: await sizeStoredMaterials(db),
    exercises: await sizeStoredItems(db, EXERCISE),
    exams: await sizeStoredItems(db, EXAM),
  };
}

async function cli(): Promise<number> {
  const { databaseUrl, sqliteFile } = databaseLocation();
  const handle = connectDatabase({ databaseUrl, sqliteFile });
  try {
    const report = await sizePictureVariantsOfStored(handle.db);
    console.log(`Checked ${report.checked} pictures without copies: ${report.sized} got their copies for phones.`);
    if (report.unreadable.length) console.log(`Left as they are, not readable: ${report.unreadable.join(', ')}`);
    const content = await sizePicturesInStoredContent(handle.db);
    console.log(
      `Content rewritten to offer the copies: ${content.materials} materials, ${content.exercises} exercises, ${content.exams} exams.`,
    );
    return 0;
  } catch (err) {
    console.error(`making copies failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await handle.close();
  }
}

if (require.main === module) {
  void cli().then((code) => process.exit(code));
}
