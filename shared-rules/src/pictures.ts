/**
 * Pictures in content and profiles: one size limit for the server's check and the browsers' messages. Browsers shrink
 * photos to PICTURE_MAX_SIDE_PX on the longest side before upload, which brings a 12-megapixel phone photo well under it.
 */

/** Largest picture accepted, in bytes (after the browser has shrunk it). */
export const MAX_IMAGE_BYTES = 1_500_000;
/** Longest side, in pixels, a browser shrinks a picture to before upload. */
export const PICTURE_MAX_SIDE_PX = 1600;
/** Lossy quality used when re-encoding a shrunk picture (WebP, or JPEG where WebP cannot be written). */
export const PICTURE_QUALITY = 0.85;

/**
 * Largest width or height, in pixels, of a picture accepted. Once decoded a picture costs 4 bytes a pixel in every
 * reader's browser whatever its file size (a 97 KB PNG can declare 10000 × 10000 pixels: 400 MB); at this cap one
 * stays under 64 MB. Browsers shrink photos to PICTURE_MAX_SIDE_PX first, so only a GIF, sent as it is, comes near it.
 */
export const MAX_IMAGE_SIDE_PX = 4096;

/** Why a picture of this width and height is refused, or null when it fits. */
export function pictureDimensionsProblem(width: number, height: number): string | null {
  if (width <= MAX_IMAGE_SIDE_PX && height <= MAX_IMAGE_SIDE_PX) return null;
  return `This picture is ${width} × ${height} pixels; pictures can be at most ${MAX_IMAGE_SIDE_PX} pixels on each side. Choose a smaller picture.`;
}

/** The limit as people read it: "1.5 MB". */
export const MAX_IMAGE_LABEL = `${(MAX_IMAGE_BYTES / 1_000_000).toFixed(1)} MB`;

/** Why a picture of this many bytes is refused (`shrunk`: the browser already shrank it), or null when it fits. */
export function pictureSizeProblem(bytes: number, shrunk = false): string | null {
  if (bytes <= MAX_IMAGE_BYTES) return null;
  const size = `${(bytes / 1_000_000).toFixed(1)} MB`;
  const what = shrunk ? `still ${size} after shrinking it to ${PICTURE_MAX_SIDE_PX} px` : size;
  return `This picture is ${what}; pictures can be at most ${MAX_IMAGE_LABEL}. Choose a smaller or simpler picture.`;
}
