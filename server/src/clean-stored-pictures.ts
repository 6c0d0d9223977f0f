/**
 * One-off: drops the metadata (EXIF GPS position and the like) of pictures stored before uploads were cleaned
 * (domain/picture-bytes.ts). Safe while the server runs, and safe to run again: a clean picture is left as it is.
 *
 *   npm run clean-pictures -w server
 *
 * Same environment as the server (DATA_DIR or DATABASE_URL). Each picture keeps its name: content links to it by
 * the hash of the bytes first uploaded, and the name only has to stay unique and never point at another picture.
 * Browsers that cached the old bytes (`immutable`) keep them until their cache drops them; new readers get the clean
 * ones. A picture whose bytes cannot be read, or larger than the size rule now allows, is left as it is and counted.
 */
import { databaseLocation } from './config';
import { connectDatabase, type Db } from './db/connect';
import { cleanPicture, MalformedPicture, type PictureFormat } from './domain/picture-bytes';
import { IMAGE_EXTENSIONS } from './domain/images';
import { MAX_IMAGE_SIDE_PX } from '@kelasku/shared-rules';

export interface CleaningReport {
  checked: number;
  /** Pictures whose metadata was dropped. */
  cleaned: number;
  /** Bytes no longer stored. */
  bytesDropped: number;
  /** Not a readable picture of its type: left as it is. */
  unreadable: string[];
  /** Over MAX_IMAGE_SIDE_PX on a side (stored before the rule): cleaned all the same, and named for the admin. */
  oversized: string[];
}

const PAGE = 50;

export async function cleanStoredPictures(db: Db): Promise<CleaningReport> {
  const report: CleaningReport = { checked: 0, cleaned: 0, bytesDropped: 0, unreadable: [], oversized: [] };
  // Keyset pages by hash: a few pictures in memory at a time, however many are stored.
  for (let after = ''; ;) {
    const rows = await db
      .selectFrom('images')
      .select(['hash', 'mime', 'data'])
      .where('hash', '>', after)
      .orderBy('hash')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) return report;
    for (const row of rows) {
      report.checked++;
      const name = `${row.hash}.${IMAGE_EXTENSIONS[row.mime as PictureFormat] ?? row.mime}`;
      const data = Buffer.from(row.data);
      if (!(row.mime in IMAGE_EXTENSIONS)) {
        report.unreadable.push(name);
        continue;
      }
      let clean;
      try {
        clean = cleanPicture(row.mime as PictureFormat, data);
      } catch (error) {
        if (!(error instanceof MalformedPicture)) throw error;
        report.unreadable.push(name);
        continue;
      }
      if (clean.width > MAX_IMAGE_SIDE_PX || clean.height > MAX_IMAGE_SIDE_PX) report.oversized.push(name);
      if (clean.data.equals(data)) continue;
      await db
        .updateTable('images')
        .set({ data: clean.data, size: clean.data.length })
        .where('hash', '=', row.hash)
        .execute();
      report.cleaned++;
      report.bytesDropped += data.length - clean.data.length;
    }
    after = rows[rows.length - 1].hash;
  }
}

async function cli(): Promise<number> {
  const { databaseUrl, sqliteFile } = databaseLocation();
  const handle = connectDatabase({ databaseUrl, sqliteFile });
  try {
    const report = await cleanStoredPictures(handle.db);
    console.log(
      `Checked ${report.checked} pictures: ${report.cleaned} cleaned (${report.bytesDropped} bytes of metadata dropped).`,
    );
    if (report.unreadable.length)
      console.log(`Left as they are, not readable as their type: ${report.unreadable.join(', ')}`);
    if (report.oversized.length)
      console.log(`Over ${MAX_IMAGE_SIDE_PX} px on a side (stored before that rule): ${report.oversized.join(', ')}`);
    return 0;
  } catch (err) {
    console.error(`cleaning failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await handle.close();
  }
}

if (require.main === module) {
  void cli().then((code) => process.exit(code));
}
