/**
 * Photo-like pictures at the upload limits, made with sharp, for bench/event-loop.ts: MAX_IMAGE_SIDE_PX on both sides
 * and just under MAX_IMAGE_BYTES (and MAX_PICT_CHARS as a data URL), in each format a browser may upload after
 * shrinking: JPEG (with a phone's EXIF: camera, time, GPS position, "turned" orientation), PNG and WebP. A smooth
 * "sky" of soft colour blobs (for PNG banded in steps of 16, or it alone would pass the limit) above a band of fine
 * noise ("foliage") whose height is searched until the file is as large as allowed: the server's work (decoding,
 * resizing, encoding the copies) is that of a real photo, not of a picture that compresses to nothing. Made once per format, seed and size, and kept
 * in the temp folder (each takes seconds to search).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES, MAX_PICT_CHARS } from '../../server/src/domain/limits';
import { MAX_IMAGE_SIDE_PX } from '../../shared-rules/src/pictures';

export type PhotoFormat = 'jpeg' | 'png' | 'webp';

export const PHOTO_MIME: Record<PhotoFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The largest picture a data URL of this type may carry: MAX_IMAGE_BYTES, and its base64 within MAX_PICT_CHARS. */
export function largestPhotoBytes(format: PhotoFormat): number {
  const header = `data:${PHOTO_MIME[format]};base64,`.length;
  return Math.min(MAX_IMAGE_BYTES, Math.floor(((MAX_PICT_CHARS - header) * 3) / 4));
}

const CACHE = path.join(os.tmpdir(), 'kelasku-bench-photos');

/** xorshift32: the same pixels for the same seed. */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

/** RGB pixels: soft blobs (`mask`: the bits of each value kept), the top `noisyRows` rows with ±48 of noise. */
async function pixels(side: number, noisyRows: number, seed: number, mask: number): Promise<Buffer> {
  const next = random(seed);
  const small = 24;
  const base = Buffer.alloc(small * small * 3);
  for (let i = 0; i < base.length; i++) base[i] = next() & 0xff;
  const smooth = await sharp(base, { raw: { width: small, height: small, channels: 3 } })
    .resize(side, side, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const noisyBytes = noisyRows * side * 3;
  for (let i = 0; i < smooth.length; i++) {
    const banded = smooth[i] & mask;
    smooth[i] = i < noisyBytes ? Math.max(0, Math.min(255, banded + ((next() & 0x7f) - 64) * 0.75)) : banded;
  }
  return smooth;
}

/** What a phone writes: camera, time, software, GPS position (the server must drop all of it). */
const PHONE_EXIF = {
  IFD0: { Make: 'Kelasku', Model: 'Bench Phone 12', Software: 'Camera 4.2', DateTime: '2026:11:28 07:15:00' },
  IFD2: { DateTimeOriginal: '2026:11:28 07:15:00', UserComment: 'Praktikum biologi kelas X IPA 1' },
  IFD3: {
    GPSLatitudeRef: 'S',
    GPSLatitude: '6/1 12/1 3456/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '106/1 49/1 1234/100',
  },
};

async function encode(format: PhotoFormat, raw: Buffer, side: number): Promise<Buffer> {
  const image = sharp(raw, { raw: { width: side, height: side, channels: 3 } });
  switch (format) {
    case 'jpeg':
      // orientation 6: taken with the phone upright, stored turned (the server's copies are turned back)
      return image.jpeg({ quality: 85 }).withExif(PHONE_EXIF).withMetadata({ orientation: 6 }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 6 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 85 }).toBuffer();
  }
}

/**
 * A photo-like picture `side` px square in `format`, between 95 % and 100 % of `maxBytes` (default: the largest a data
 * URL may carry), different for each seed.
 */
export async function largestPhoto(
  format: PhotoFormat,
  seed: number,
  side = MAX_IMAGE_SIDE_PX,
  maxBytes = largestPhotoBytes(format),
): Promise<Buffer> {
  const file = path.join(CACHE, `${format}-${side}-${maxBytes}-${seed}.bin`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  // Binary search on the height of the noisy band: the file grows with it.
  let low = 0;
  let high = side;
  let best: Buffer | undefined;
  while (low <= high) {
    const rows = Math.floor((low + high) / 2);
    const data = await encode(format, await pixels(side, rows, seed, format === 'png' ? 0xf0 : 0xff), side);
    if (data.length <= maxBytes) {
      best = data;
      if (data.length >= maxBytes * 0.95) break;
      low = rows + 1;
    } else {
      high = rows - 1;
    }
  }
  if (!best) throw new Error(`no ${format} picture of ${side} px fits in ${maxBytes} bytes`);
  fs.mkdirSync(CACHE, { recursive: true });
  fs.writeFileSync(file, best);
  return best;
}

/** A PNG whose pixels are past the side limit (10000 × 10000, one flat colour: ~100 KB), made once. */
export async function oversizedPng(side = 10_000): Promise<Buffer> {
  const file = path.join(CACHE, `flat-${side}.png`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const data = await sharp({
    create: { width: side, height: side, channels: 3, background: { r: 120, g: 180, b: 90 } },
    limitInputPixels: false,
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
  fs.mkdirSync(CACHE, { recursive: true });
  fs.writeFileSync(file, data);
  return data;
}

export const dataUrl = (mime: string, data: Buffer) => `data:${mime};base64,${data.toString('base64')}`;
