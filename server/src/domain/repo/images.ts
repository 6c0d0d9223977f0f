/** The stored pictures (`images`) and their smaller copies (`image_variants`), by the hash of their bytes. */
import type { Db } from '../../db/connect';
import type { SizedPicture } from '../picture-variants';

/** A picture's bytes as stored. */
export interface PictureBytes {
  hash: string;
  mime: string;
  data: Uint8Array;
}

/** Stores a picture; one already stored (same hash, hence same bytes) is left as it is. */
export async function insertImage(
  db: Db,
  img: { hash: string; mime: string; data: Buffer; width: number | null; height: number | null },
): Promise<void> {
  await db
    .insertInto('images')
    .values({
      hash: img.hash,
      mime: img.mime,
      size: img.data.length,
      data: img.data,
      width: img.width,
      height: img.height,
    })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
}

/** Stores a picture's size and copies (a copy already there is left as it is). */
export async function saveVariants(db: Db, hash: string, sized: SizedPicture): Promise<void> {
  await db.updateTable('images').set({ width: sized.width, height: sized.height }).where('hash', '=', hash).execute();
  for (const v of sized.variants) {
    await db
      .insertInto('image_variants')
      .values({ hash, width: v.width, mime: v.mime, size: v.data.length, data: v.data })
      .onConflict((oc) => oc.columns(['hash', 'width', 'mime']).doNothing())
      .execute();
  }
}

/** The stored width and height (null while not known) of the pictures with these hashes. */
export function imageSizeRows(db: Db, hashes: string[]) {
  return db.selectFrom('images').select(['hash', 'width', 'height']).where('hash', 'in', hashes).execute();
}

/** One copy of a picture: its width and type. */
export function variantBytes(db: Db, hash: string, width: number, mime: string): Promise<PictureBytes | undefined> {
  return db
    .selectFrom('image_variants')
    .select(['hash', 'mime', 'data'])
    .where('hash', '=', hash)
    .where('width', '=', width)
    .where('mime', '=', mime)
    .executeTakeFirst();
}

/** A stored picture's type, without its bytes. */
export function imageMimeOf(db: Db, hash: string): Promise<{ hash: string; mime: string } | undefined> {
  return db.selectFrom('images').select(['hash', 'mime']).where('hash', '=', hash).executeTakeFirst();
}

/** A stored picture's bytes. */
export function imageBytes(db: Db, hash: string): Promise<PictureBytes | undefined> {
  return db.selectFrom('images').select(['hash', 'mime', 'data']).where('hash', '=', hash).executeTakeFirst();
}
