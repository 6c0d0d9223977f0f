/**
 * Pictures sized for phones: at upload the server stores smaller copies of each picture (WebP beside the original's
 * format), and pages offer them with `srcset`/`sizes`, so a 360 px phone downloads the 480 px copy, not the 1600 px
 * original. Names, widths and the markup's values are written here once, for the server that makes the copies and
 * the browsers that ask for them.
 *
 * A stored picture is `/api/v1/images/<sha256>.<ext>`; its copy `width` px wide is `/api/v1/images/<sha256>-<width>.<ext>`
 * (`webp`, or the original's own extension). Only copies narrower than the original exist, plus a WebP one at its full
 * width when the original is not WebP. A GIF has none (its animation would be lost).
 */

/** Widths of the copies, in pixels. */
export const PICTURE_VARIANT_WIDTHS = [480, 960, 1600] as const;
/** Quality of the lossy copies (WebP and JPEG). */
export const PICTURE_VARIANT_QUALITY = 80;
/** Widest a picture is shown in a page (the content column): what `sizes` says beyond a phone's width. */
export const PICTURE_MAX_SHOWN_PX = 960;

export type PictureExt = 'png' | 'jpg' | 'gif' | 'webp';

/** The parts of a stored picture's address (absolute or not), or null for any other address. */
export function parsePictureUrl(url: string): { base: string; hash: string; ext: PictureExt } | null {
  const m = /^(.*\/api\/v1\/images\/)([0-9a-f]{64})\.(png|jpg|gif|webp)(?:#.*)?$/.exec(url);
  return m ? { base: m[1], hash: m[2], ext: m[3] as PictureExt } : null;
}

/** Widths of the copies a picture `width` px wide has (each narrower than it). */
export function variantWidths(ext: PictureExt, width: number): number[] {
  if (ext === 'gif') return [];
  return PICTURE_VARIANT_WIDTHS.filter((w) => w < width);
}

/** The formats a picture's copies come in: WebP, and the original's own when that is not WebP. */
export function variantExts(ext: PictureExt): PictureExt[] {
  if (ext === 'gif') return [];
  return ext === 'webp' ? ['webp'] : ['webp', ext];
}

/** The name of a copy: `<hash>-<width>.<ext>`. */
export const variantName = (hash: string, width: number, ext: PictureExt) => `${hash}-${width}.${ext}`;

/** The width and height a stored picture's address carries as its fragment (`…/<hash>.jpg#1600x1200`), if any. */
export function sizeInUrl(url: string): { width: number; height: number } | null {
  const m = /#(\d{1,5})x(\d{1,5})$/.exec(url);
  if (!m) return null;
  const width = Number(m[1]);
  const height = Number(m[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** A stored picture's address with its size as fragment (replacing any it had). */
export const withSizeInUrl = (url: string, width: number, height: number) =>
  `${url.replace(/#.*$/, '')}#${width}x${height}`;

export interface PictureSources {
  /** The original, without fragment. */
  src: string;
  /** WebP copies (`<source type="image/webp">`), '' when there are none. */
  webpSrcset: string;
  /** Copies in the original's format plus the original itself, '' when there are none. */
  srcset: string;
  sizes: string;
}

/**
 * What a page puts on a stored picture `width` × `height` px (as shown): its copies as `srcset` candidates, with
 * `sizes` saying it fills a phone's width and at most PICTURE_MAX_SHOWN_PX (or its own width) beyond. Null for an
 * address that is not a stored picture.
 */
export function pictureSources(url: string, width: number, height: number): PictureSources | null {
  const parts = parsePictureUrl(url);
  if (!parts || !(width > 0) || !(height > 0)) return null;
  const { base, hash, ext } = parts;
  const src = url.replace(/#.*$/, '');
  const widths = variantWidths(ext, width);
  const shown = Math.min(width, PICTURE_MAX_SHOWN_PX);
  const sizes = `(max-width: ${shown}px) 100vw, ${shown}px`;
  if (ext === 'gif') return { src, webpSrcset: '', srcset: '', sizes };
  const candidates = (format: PictureExt, full: string) =>
    [...widths.map((w) => `${base}${variantName(hash, w, format)} ${w}w`), `${full} ${width}w`].join(', ');
  const webpFull = ext === 'webp' ? src : `${base}${variantName(hash, width, 'webp')}`;
  return {
    src,
    webpSrcset: candidates('webp', webpFull),
    srcset: ext === 'webp' ? '' : candidates(ext, src),
    sizes,
  };
}
