/**
 * A picture sent inline as a `data:` URL, decoded and checked: only PNG, JPEG, GIF and WebP whose bytes really are
 * that format (no SVG, which can carry script), at most MAX_IMAGE_BYTES and MAX_IMAGE_SIDE_PX on each side, stored
 * without its metadata (domain/picture-bytes.ts) and named by the sha256 of what is stored. Pure work on the bytes,
 * with no database or libvips: lib/picture-workers.ts runs it on worker threads (picture-thread.ts) for large pictures.
 */
import crypto from 'node:crypto';
import { ContentError, isBase64 } from './content';
import { MAX_IMAGE_LABEL, MAX_IMAGE_SIDE_PX } from '@kelasku/shared-rules';
import { cleanPicture, MalformedPicture } from './picture-bytes';
import { MAX_IMAGE_BYTES } from './limits';

export const IMAGE_EXTENSIONS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;
export type ImageMime = keyof typeof IMAGE_EXTENSIONS;

/** A picture taken out of a data URL: the bytes to store, their type and their hash. */
export interface DecodedPicture {
  hash: string;
  mime: ImageMime;
  data: Buffer;
}

/** The first bytes each accepted format must start with: the declared type must match the content. */
function matchesFormat(mime: ImageMime, data: Buffer): boolean {
  switch (mime) {
    case 'image/png':
      return data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/jpeg':
      return data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
    case 'image/gif':
      return /^GIF8[79]a$/.test(data.subarray(0, 6).toString('latin1'));
    case 'image/webp':
      return data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP';
  }
}

/** Decodes a `data:` URL into a picture, or throws ContentError naming `where` (e.g. `content["3_pict"]`). */
export function decodeImageDataUrl(url: string, where: string): DecodedPicture {
  // `data:<type>[;param]*[;base64],<data>`, split with indexOf: no backtracking on megabytes of data.
  const text = url.trim();
  const comma = text.indexOf(',');
  if (!/^data:/i.test(text) || comma < 0) throw notAnImage(`${where}: the image is not a valid data: URL`, where);
  const [type, ...params] = text.slice(5, comma).split(';');
  const mime = type.trim().toLowerCase();
  if (!(mime in IMAGE_EXTENSIONS)) {
    throw new ContentError(
      `${where}: images of type "${mime || 'unknown'}" are not accepted (PNG, JPEG, GIF or WebP only)`,
      {
        code: 'image-type-not-accepted',
        params: { field: where, type: mime || 'unknown' },
      },
    );
  }
  if (params.at(-1)?.toLowerCase() !== 'base64') throw notAnImage(`${where}: the image must be base64-encoded`, where);
  const base64 = text.slice(comma + 1).replace(/\s+/g, '');
  if (!isBase64(base64)) throw notAnImage(`${where}: the image is not valid base64`, where);
  // Checked on the text first so an oversize upload is refused before it is decoded.
  if (Math.floor((base64.length * 3) / 4) > MAX_IMAGE_BYTES + 2) throw tooLarge(where);
  const data = Buffer.from(base64, 'base64');
  if (data.length > MAX_IMAGE_BYTES) throw tooLarge(where);
  const format = IMAGE_EXTENSIONS[mime as ImageMime].toUpperCase();
  if (!matchesFormat(mime as ImageMime, data))
    throw notAnImage(`${where}: the image data is not a ${format} file`, where);
  const picture = storedPicture(mime as ImageMime, data, where, format);
  return { hash: crypto.createHash('sha256').update(picture).digest('hex'), mime: mime as ImageMime, data: picture };
}

/** The bytes to store: the picture without its metadata, once its header shows it is not too large to draw. */
function storedPicture(mime: ImageMime, data: Buffer, where: string, format: string): Buffer {
  let clean;
  try {
    clean = cleanPicture(mime, data);
  } catch (error) {
    if (error instanceof MalformedPicture)
      throw notAnImage(`${where}: the image data is not a valid ${format} file (${error.message})`, where);
    throw error;
  }
  const { width, height } = clean;
  if (width > MAX_IMAGE_SIDE_PX || height > MAX_IMAGE_SIDE_PX) {
    throw new ContentError(
      `${where}: the image is ${width} × ${height} pixels (max ${MAX_IMAGE_SIDE_PX} pixels on each side)`,
      {
        code: 'image-too-many-pixels',
        params: { field: where, width, height, limit: MAX_IMAGE_SIDE_PX },
      },
    );
  }
  return clean.data;
}

function tooLarge(where: string): ContentError {
  return new ContentError(`${where}: the image is too large (max ${MAX_IMAGE_LABEL})`, {
    code: 'image-too-large',
    params: { field: where, limit: MAX_IMAGE_LABEL },
  });
}

function notAnImage(message: string, where: string): ContentError {
  return new ContentError(message, { code: 'not-an-image', params: { field: where } });
}
