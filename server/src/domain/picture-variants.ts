/**
 * The smaller copies of a picture (shared-rules/src/picture-variants.ts says which), made with sharp (libvips) when a
 * teacher saves the picture. The decoding and encoding run on libuv's thread pool, never on the event loop: requests
 * go on being answered while a photo is resized. One picture is resized at a time per process, each with one libvips
 * thread, so a teacher uploading a whole exam of photos takes one core of the two, not both.
 */
import sharp from 'sharp';
import { PICTURE_VARIANT_QUALITY, type PictureExt, variantExts, variantWidths } from '@kelasku/shared-rules';
import type { ImageMime } from './images';

sharp.concurrency(1);
sharp.cache(false);

const EXT_OF: Record<ImageMime, PictureExt> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const MIME_OF: Record<PictureExt, ImageMime> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export interface PictureVariant {
  width: number;
  mime: ImageMime;
  data: Buffer;
}

export interface SizedPicture {
  /** Pixels as shown: a phone photo taken upright has its EXIF orientation applied. */
  width: number;
  height: number;
  variants: PictureVariant[];
}

/** One picture at a time: the next waits for the one before (see the module comment). */
let queue: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

async function encode(input: Buffer, width: number, ext: PictureExt): Promise<Buffer> {
  // autoOrient: a photo whose EXIF says "turned" is stored turned in its copies (copies keep no metadata).
  const resized = sharp(input, { failOn: 'error', limitInputPixels: 4096 * 4096 })
    .autoOrient()
    .resize({ width, withoutEnlargement: true });
  switch (ext) {
    case 'webp':
      return resized.webp({ quality: PICTURE_VARIANT_QUALITY }).toBuffer();
    case 'jpg':
      return resized.jpeg({ quality: PICTURE_VARIANT_QUALITY, mozjpeg: true }).toBuffer();
    case 'png':
      return resized.png({ compressionLevel: 9, palette: true }).toBuffer();
    default:
      throw new Error(`no copies of ${ext} pictures`);
  }
}

/**
 * The size as shown and the copies of a picture (already cleaned and checked: domain/images.ts). Throws when libvips
 * cannot read it; callers keep the picture without copies then (its address still works).
 */
export function sizePicture(mime: ImageMime, data: Buffer): Promise<SizedPicture> {
  return oneAtATime(async () => {
    const meta = await sharp(data, { failOn: 'error', limitInputPixels: 4096 * 4096 }).metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new Error('picture without a size');
    const ext = EXT_OF[mime];
    const variants: PictureVariant[] = [];
    // The narrower copies in every format, and a WebP one at full width beside a JPEG or PNG original.
    const widths = variantWidths(ext, width);
    for (const format of variantExts(ext)) {
      const full = format === 'webp' && ext !== 'webp' ? [width] : [];
      for (const w of [...widths, ...full])
        variants.push({ width: w, mime: MIME_OF[format], data: await encode(data, w, format) });
    }
    return { width, height, variants };
  });
}
