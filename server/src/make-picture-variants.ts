/**
 * One-off: makes the copies for phones (domain/picture-variants.ts) and the size of pictures stored before copies
 * were made at upload. Safe while the server runs (the resizing is off the event loop of this process only), and safe
 * to run again: a picture whose size is known is skipped.
 *
 *   npm run picture-variants -w server
 *
 * Same environment as the server (DATA_DIR or DATABASE_URL). Until a picture has its copies, the address of a copy
 * leads to the original (routes/images). Pages offer the copies of a picture once its tag or address carries its size,
 * which content saved from now on does.
 */
import { databaseLocation } from './config';
import { connectDatabase, type Db } from './db/connect';
import { type ImageMime, IMAGE_EXTENSIONS } from './domain/images';
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
    const rows = await db.selectFrom('images').select(['hash', 'mime', 'data'])
      .where('width', 'is', null).where('hash', '>', after).orderBy('hash').limit(PAGE).execute();
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

async function cli(): Promise<number> {
  const { databaseUrl, sqliteFile } = databaseLocation();
  const handle = connectDatabase({ databaseUrl, sqliteFile });
  try {
    const report = await sizePictureVariantsOfStored(handle.db);
    console.log(`Checked ${report.checked} pictures without copies: ${report.sized} got their copies for phones.`);
    if (report.unreadable.length) console.log(`Left as they are, not readable: ${report.unreadable.join(', ')}`);
    return 0;
  } catch (err) {
    console.error(`making copies failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await handle.close();
  }
}

if (require.main === module) {
  cli().then((code) => process.exit(code));
}
