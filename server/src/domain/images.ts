/**
 * Pictures in saved content. When a teacher saves an exam, an exercise or a material, every inline
 * `data:image/...;base64` picture (an `n_pict` value, or an `<img src="data:...">` in HTML) is taken out, stored once
 * in the `images` table keyed by the sha256 of its bytes, and replaced by `/api/v1/images/<hash>.<ext>`. The content
 * JSON stays small, and browsers fetch each picture once, in parallel, and cache it for good (the URL never changes
 * meaning). Only PNG, JPEG, GIF and WebP whose bytes really are that format are accepted — no SVG, which can carry
 * script — and at most MAX_IMAGE_SIDE_PX on each side. Pictures are public to whoever has the link, so each is stored
 * without its metadata (EXIF GPS position and the like: domain/picture-bytes.ts), keyed by the hash of what is stored.
 */
import type { Db } from '../db/connect';
import { ContentError, type ContentMap, IMAGE_URL_RE } from './content';
import { withSizeInUrl } from '@kelasku/shared-rules';
import { sizePicture, type SizedPicture } from './picture-variants';
import { MAX_IMAGE_BYTES } from './limits';
import { decodeImageDataUrl, IMAGE_EXTENSIONS, type ImageMime } from './picture-data-urls';
import { pictureWorkers } from '../lib/picture-workers';
import { imageBytes, imageMimeOf, imageSizeRows, insertImage, saveVariants, variantBytes } from './repo/images';

export { decodeImageDataUrl, IMAGE_EXTENSIONS, IMAGE_URL_RE, type ImageMime, MAX_IMAGE_BYTES };

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

export const imageUrl = (img: Pick<StoredImage, 'hash' | 'mime'>) =>
  `${IMAGE_URL_PREFIX}${img.hash}.${IMAGE_EXTENSIONS[img.mime]}`;

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
 * Replaces every inline `<img src="data:...">` of an HTML text by its image URL, adding the pictures to `bag`, on the
 * main thread: what is left after takeValidPictures and the sanitizer (an unquoted src, a question's short text).
 */
export function extractHtmlImages(html: string, where: string, bag: ImageBag): string {
  let out = '';
  let copied = 0;
  for (const picture of inlinePictures(html)) {
    const img = decodeImageDataUrl(html.slice(picture.start, picture.end), where);
    bag.set(img.hash, img);
    out += html.slice(copied, picture.open) + imageUrl(img);
    copied = picture.end;
  }
  return copied === 0 ? html : out + html.slice(copied);
}

/**
 * Takes the valid inline pictures out of HTML that is still to be sanitized, so that the sanitizer's parser never
 * reads their megabytes of base64; each large one is decoded, cleaned and hashed on a worker thread
 * (lib/picture-workers.ts), so the event loop stays free. What is left — an invalid picture, an unquoted src — goes
 * through the sanitizer and extractHtmlImages as before.
 */
export async function takeValidPictures(html: string, where: string, bag: ImageBag): Promise<string> {
  let out = '';
  let copied = 0;
  for (const picture of inlinePictures(html)) {
    let img: StoredImage;
    try {
      img = await pictureWorkers.decode(html.slice(picture.start, picture.end), where);
    } catch (error) {
      if (error instanceof ContentError) continue;
      throw error;
    }
    bag.set(img.hash, img);
    out += html.slice(copied, picture.open) + imageUrl(img);
    copied = picture.end;
  }
  return copied === 0 ? html : out + html.slice(copied);
}

/** Lets timers and other requests run: on SQLite every statement is synchronous, so awaiting one never yields. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A validated content map (domain/content.ts) with its pictures taken out: `n_pict` data URLs and inline
 * `<img src="data:...">` in any text become image URLs. Each large picture is decoded, cleaned and hashed on a worker
 * thread (lib/picture-workers.ts), so other requests run meanwhile; a text's inline pictures are within its byte cap.
 */
export async function extractContentImages(
  content: ContentMap,
): Promise<{ content: ContentMap; images: StoredImage[] }> {
  const bag: ImageBag = new Map();
  const out: ContentMap = {};
  for (const [key, value] of Object.entries(content)) {
    const where = `content["${key}"]`;
    if (key.endsWith('_pict') && /^data:/i.test(value)) {
      const img = await pictureWorkers.decode(value, where);
      bag.set(img.hash, img);
      out[key] = imageUrl(img);
    } else {
      out[key] = extractHtmlImages(value, where, bag);
      if (/data:/i.test(value)) await yieldToEventLoop(); // a picture was decoded
    }
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
 * metadata: picture-bytes.ts; on a worker thread when large) and written back as a data URL of the clean bytes;
 * anything else is kept as sent. Rejects with ContentError naming `where`.
 */
export async function cleanProfilePicture(value: string | null | undefined, where: string): Promise<string | null> {
  if (value == null) return null;
  if (!/^\s*data:/i.test(value)) return value;
  const picture = await pictureWorkers.decode(value, where);
  return `data:${picture.mime};base64,${picture.data.toString('base64')}`;
}
