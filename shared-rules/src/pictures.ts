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

/** The limit as people read it: "1.5 MB". */
export const MAX_IMAGE_LABEL = `${(MAX_IMAGE_BYTES / 1_000_000).toFixed(1)} MB`;

/** Why a picture of this many bytes is refused (`shrunk`: the browser already shrank it), or null when it fits. */
export function pictureSizeProblem(bytes: number, shrunk = false): string | null {
  if (bytes <= MAX_IMAGE_BYTES) return null;
  const size = `${(bytes / 1_000_000).toFixed(1)} MB`;
  const what = shrunk ? `still ${size} after shrinking it to ${PICTURE_MAX_SIDE_PX} px` : size;
  return `This picture is ${what}; pictures can be at most ${MAX_IMAGE_LABEL}. Choose a smaller or simpler picture.`;
}
