/**
 * Pictures in saved content. When a teacher saves an exam, an exercise or a material, every inline
 * `data:image/...;base64` picture (an `n_pict` value, or an `<img src="data:...">` in HTML) is taken out, stored once
 * in the `images` table keyed by the sha256 of its bytes, and replaced by `/api/v1/images/<hash>.<ext>`. The content
 * JSON stays small, and browsers fetch each picture once, in parallel, and cache it for good (the URL never changes
 * meaning). Only PNG, JPEG, GIF and WebP whose bytes really are that format are accepted — no SVG, which can carry
 * script — and at most MAX_IMAGE_SIDE_PX on each side. Pictures are public to whoever has the link, so each is stored
 * without its metadata (EXIF GPS position and the like: domain/picture-bytes.ts), keyed by the hash of what is stored.
 */
import crypto from 'node:crypto';
import type { Db } from '../db/connect';
import { ContentError, type ContentMap, IMAGE_URL_RE, isBase64 } from './content';
import { MAX_IMAGE_LABEL, MAX_IMAGE_SIDE_PX, withSizeInUrl } from '@kelasku/shared-rules';
import { sizePicture, type SizedPicture } from './picture-variants';
import { cleanPicture, MalformedPicture } from './picture-bytes';
import { MAX_IMAGE_BYTES } from './limits';
import { imageBytes, imageMimeOf, imageSizeRows, insertImage, saveVariants, variantBytes } from './repo/images';

export { IMAGE_URL_RE, MAX_IMAGE_BYTES };

export const IMAGE_EXTENSIONS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;
export type ImageMime = keyof typeof IMAGE_EXTENSIONS;

export const IMAGE_URL_PREFIX = '/api/v1/images/';
/** The file name part of an image URL: `<sha256 hex>.<ext>`. */
export const IMAGE_NAME_RE = /^([0-9a-f]{64})\.(png|jpg|gif|webp)$/;

export interface StoredImage {
  hash: string;
  mime: ImageMime;
  data: Buffer;
  /** Its size as shown and its smaller copies, once made (withVariants). */
  sized?: SizedPicture;
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

export const imageUrl = (img: Pick<StoredImage, 'hash' | 'mime'>) =>
  `${IMAGE_URL_PREFIX}${img.hash}.${IMAGE_EXTENSIONS[img.mime]}`;

/** Decodes a `data:` URL into a picture, or throws ContentError naming `where` (e.g. `content["3_pict"]`). */
export function decodeImageDataUrl(url: string, where: string): StoredImage {
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

/** Collects the pictures found while rewriting, by hash (the same picture twice is stored once). */
export type ImageBag = Map<string, StoredImage>;

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
const isNameChar = (c: string | undefined) => c !== undefined && /^[\w-]$/.test(c);
const isSrcAt = (s: string, i: number) => s.slice(i, i + 3).toLowerCase() === 'src';

/**
 * The `src="data:..."` of one `<img ...>` tag's text (from `<img` up to its `>`): in `tag`, where the value opens
 * (after the quote), where the data URL starts (after spaces) and where the value ends; or undefined. Walks the
 * attributes once, jumping over each quoted value with indexOf (a picture's value is megabytes long).
 */
function dataSrcIn(tag: string): { open: number; start: number; end: number } | undefined {
  for (let i = 4; i < tag.length; i++) {
    const c = tag[i];
    if (c === '"' || c === "'") {
      const close = tag.indexOf(c, i + 1); // a quoted value of another attribute
      if (close < 0) return undefined;
      i = close;
      continue;
    }
    if (!isSpace(c) || !isSrcAt(tag, i + 1)) continue;
    let j = i + 4;
    while (isSpace(tag[j])) j++;
    if (tag[j] !== '=') continue;
    j++;
    while (isSpace(tag[j])) j++;
    const quote = tag[j];
    if (quote !== '"' && quote !== "'") continue;
    const close = tag.indexOf(quote, j + 1);
    if (close < 0) return undefined;
    let start = j + 1;
    while (isSpace(tag[start])) start++;
    const isData = tag.slice(start, start + 5).toLowerCase() === 'data:';
    const otherQuote = tag.indexOf(quote === '"' ? "'" : '"', start); // a data URL holds no quote of either kind
    return isData && (otherQuote < 0 || otherQuote > close) ? { open: j + 1, start, end: close } : undefined;
  }
  return undefined;
}

/**
 * Each inline `<img src="data:...">` of an HTML text, in order: where its tag starts, where its src value opens and
 * where the data URL starts and ends. One pass with indexOf, each character looked at a bounded number of times: a
 * regex here backtracked on `<img<img<img...` (20 s for 2 MB).
 */
function* inlinePictures(html: string): Generator<{ lt: number; open: number; start: number; end: number }> {
  if (!/data:/i.test(html)) return;
  let from = 0;
  for (let lt = html.indexOf('<', from); lt >= 0; lt = html.indexOf('<', from)) {
    from = lt + 1;
    if (html.slice(lt + 1, lt + 4).toLowerCase() !== 'img' || isNameChar(html[lt + 4])) continue;
    const gt = html.indexOf('>', lt);
    const tagEnd = gt < 0 ? html.length : gt;
    const tag = html.slice(lt, tagEnd);
    from = tagEnd; // the next tag starts after this one ends: no stretch of text is searched twice
    const src = dataSrcIn(tag);
    if (src) yield { lt, open: lt + src.open, start: lt + src.start, end: lt + src.end };
  }
}

/** Characters of an HTML text that are inline pictures' data URLs (caps on text length leave pictures out). */
export function inlinePictureChars(html: string): number {
  let chars = 0;
  for (const picture of inlinePictures(html)) chars += picture.end - picture.start;
  return chars;
}

/**
 * Replaces inline `<img src="data:...">` pictures of an HTML text by their image URLs, adding the pictures to `bag`,
 * and pauses (yields) after each one; returns the new text. `validOnly`: a picture that is not a valid one is left
 * in place instead of refused.
 */
function* replacingPictures(html: string, where: string, bag: ImageBag, validOnly: boolean): Generator<void, string> {
  let out = '';
  let copied = 0;
  for (const picture of inlinePictures(html)) {
    let img: StoredImage;
    try {
      img = decodeImageDataUrl(html.slice(picture.start, picture.end), where);
    } catch (error) {
      if (validOnly && error instanceof ContentError) continue;
      throw error;
    }
    bag.set(img.hash, img);
    out += html.slice(copied, picture.open) + imageUrl(img);
    copied = picture.end;
    yield;
  }
  return copied === 0 ? html : out + html.slice(copied);
}

/** Replaces every inline `<img src="data:...">` of an HTML text by its image URL, adding the pictures to `bag`. */
export function extractHtmlImages(html: string, where: string, bag: ImageBag): string {
  const steps = replacingPictures(html, where, bag, false);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Takes the valid inline pictures out of HTML that is still to be sanitized, so that the sanitizer's parser never
 * reads their megabytes of base64, with the event loop free between pictures (decoding and hashing one of the
 * largest takes several milliseconds). What is left — an invalid picture, an unquoted src — goes through the
 * sanitizer and extractHtmlImages as before.
 */
export async function takeValidPictures(html: string, where: string, bag: ImageBag): Promise<string> {
  const steps = replacingPictures(html, where, bag, true);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await yieldToEventLoop();
  }
}

/** Lets timers and other requests run: on SQLite every statement is synchronous, so awaiting one never yields. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A validated content map (domain/content.ts) with its pictures taken out: `n_pict` data URLs and inline
 * `<img src="data:...">` in any text become image URLs. Other requests run between pictures: decoding and hashing
 * one picture of the largest size takes several milliseconds, and an exam may hold dozens.
 */
export async function extractContentImages(
  content: ContentMap,
): Promise<{ content: ContentMap; images: StoredImage[] }> {
  const bag: ImageBag = new Map();
  const out: ContentMap = {};
  for (const [key, value] of Object.entries(content)) {
    const where = `content["${key}"]`;
    if (key.endsWith('_pict') && /^data:/i.test(value)) {
      const img = decodeImageDataUrl(value, where);
      bag.set(img.hash, img);
      out[key] = imageUrl(img);
    } else {
      out[key] = extractHtmlImages(value, where, bag);
    }
    if (/data:/i.test(value)) await yieldToEventLoop(); // a picture was decoded
  }
  return { content: out, images: [...bag.values()] };
}

/**
 * Makes the size and the smaller copies of new pictures (domain/picture-variants.ts: off the event loop), before the
 * transaction that stores them, so no write waits on a resize. A picture libvips cannot read keeps no copies: its
 * own address still works, and pages show it without `srcset`.
 */
export async function withVariants(images: StoredImage[]): Promise<StoredImage[]> {
  for (const img of images) {
    try {
      img.sized ??= await sizePicture(img.mime, img.data);
    } catch {
      // kept without copies (see above)
    }
  }
  return images;
}

/**
 * Stores pictures with their copies; one already stored (same hash, hence same bytes) is left as it is, gaining the
 * copies it lacked. One picture at a time, with the event loop free in between: a request with several
 * megabyte-sized pictures does not hold it for all of them.
 */
export async function saveImages(db: Db, images: StoredImage[]): Promise<void> {
  for (const img of images) {
    await yieldToEventLoop();
    await insertImage(db, {
      hash: img.hash,
      mime: img.mime,
      data: img.data,
      width: img.sized?.width ?? null,
      height: img.sized?.height ?? null,
    });
    if (img.sized) await saveVariants(db, img.hash, img.sized);
  }
}

type Size = { width: number; height: number };

/** Stored pictures' sizes as shown, by hash (those whose size is not known yet are left out). */
async function storedSizes(db: Db, hashes: string[]): Promise<Map<string, Size>> {
  const sizes = new Map<string, Size>();
  if (hashes.length === 0) return sizes;
  const rows = await imageSizeRows(db, hashes);
  for (const r of rows) if (r.width && r.height) sizes.set(r.hash, { width: r.width, height: r.height });
  return sizes;
}

const STORED_SRC_RE = /\/api\/v1\/images\/([0-9a-f]{64})\.(?:png|jpg|gif|webp)/g;
const IMG_TAG_RE = /<img\b[^<>]*>/gi;

/** The sizes of the stored pictures a text names: the new ones' from `images`, the others' from the database. */
async function sizesFor(db: Db, texts: string[], images: StoredImage[]): Promise<Map<string, Size>> {
  const sizes = new Map<string, Size>();
  for (const img of images) if (img.sized) sizes.set(img.hash, img.sized);
  const named = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(STORED_SRC_RE)) if (!sizes.has(m[1])) named.add(m[1]);
  for (const [hash, size] of await storedSizes(db, [...named])) sizes.set(hash, size);
  return sizes;
}

/**
 * Sanitized HTML whose stored pictures carry their `width` and `height` (replacing any the request wrote): the page
 * keeps their room before they arrive, and the renderer knows which copies to offer.
 */
export async function sizeHtmlPictures(db: Db, html: string, images: StoredImage[]): Promise<string> {
  if (!html.includes(IMAGE_URL_PREFIX)) return html;
  const sizes = await sizesFor(db, [html], images);
  return html.replace(IMG_TAG_RE, (tag) => {
    const m = /\ssrc="\/api\/v1\/images\/([0-9a-f]{64})\.(?:png|jpg|gif|webp)"/.exec(tag);
    const size = m && sizes.get(m[1]);
    if (!size) return tag;
    const bare = tag.replace(/\s(?:width|height)="[^"]*"/gi, '');
    return bare.replace(/^<img\b/i, `<img width="${size.width}" height="${size.height}"`);
  });
}

/** A content map whose `n_pict` stored pictures carry their size as fragment (`…/<hash>.jpg#1600x1200`). */
export async function sizeContentPictures(db: Db, content: ContentMap, images: StoredImage[]): Promise<ContentMap> {
  const picts = Object.entries(content).filter(([key, value]) => key.endsWith('_pict') && IMAGE_URL_RE.test(value));
  if (picts.length === 0) return content;
  const sizes = await sizesFor(
    db,
    picts.map(([, v]) => v),
    images,
  );
  const out: ContentMap = { ...content };
  for (const [key, value] of picts) {
    const size = sizes.get(/([0-9a-f]{64})/.exec(value)![1]);
    if (size) out[key] = withSizeInUrl(value, size.width, size.height);
  }
  return out;
}

/** A copy named `<hash>-<width>.<ext>` (shared-rules variantName): its bytes, or, when it was not made, its original's URL. */
export async function loadVariant(
  db: Db,
  name: string,
): Promise<{ hash: string; mime: string; data: Buffer } | { original: string } | undefined> {
  const m = /^([0-9a-f]{64})-([1-9]\d{0,4})\.(png|jpg|webp)$/.exec(name);
  if (!m) return undefined;
  const mime = (Object.keys(IMAGE_EXTENSIONS) as ImageMime[]).find((k) => IMAGE_EXTENSIONS[k] === m[3])!;
  const row = await variantBytes(db, m[1], Number(m[2]), mime);
  if (row) return { hash: `${row.hash}-${m[2]}-${m[3]}`, mime: row.mime, data: Buffer.from(row.data) };
  const original = await imageMimeOf(db, m[1]);
  return original ? { original: imageUrl({ hash: original.hash, mime: original.mime as ImageMime }) } : undefined;
}

/** The picture named `<hash>.<ext>`, or undefined (unknown hash, or an extension that is not its type). */
export async function loadImage(
  db: Db,
  name: string,
): Promise<{ hash: string; mime: string; data: Buffer } | undefined> {
  const m = IMAGE_NAME_RE.exec(name);
  if (!m) return undefined;
  const row = await imageBytes(db, m[1]);
  if (!row || IMAGE_EXTENSIONS[row.mime as ImageMime] !== m[2]) return undefined;
  return { hash: row.hash, mime: row.mime, data: Buffer.from(row.data) };
}

/**
 * A profile picture as stored (students and teachers keep theirs inline, as a data URL): a `data:` picture is checked
 * and cleaned like every other picture (type matches its bytes, MAX_IMAGE_BYTES, pixel limit, no EXIF/GPS or other
 * metadata: picture-bytes.ts) and written back as a data URL of the clean bytes; anything else is kept as sent.
 * Throws ContentError naming `where`.
 */
export function cleanProfilePicture(value: string | null | undefined, where: string): string | null {
  if (value == null) return null;
  if (!/^\s*data:/i.test(value)) return value;
  const picture = decodeImageDataUrl(value, where);
  return `data:${picture.mime};base64,${picture.data.toString('base64')}`;
}
