/**
 * Browser side of a picture upload (teacher questions and materials, profile pictures): a photo is shrunk to
 * PICTURE_MAX_SIDE_PX on its longest side and re-encoded before it is sent, so an ordinary phone photo fits the one
 * limit the server checks. Browser only (canvas, createImageBitmap, FileReader): not exported from the index, which
 * the server imports.
 */
import {
  MAX_IMAGE_BYTES,
  PICTURE_MAX_SIDE_PX,
  PICTURE_QUALITY,
  pictureDimensionsProblem,
  pictureSizeProblem,
} from './pictures';

/** Why a file cannot be used: a translated screen tells it from this, English shows the message as it is. */
export type PictureProblem = 'not-a-picture' | 'unreadable' | 'too-large' | 'too-many-pixels';

/** A file that cannot be used, with the sentence to show next to the field (English) and its reason. */
export class PictureError extends Error {
  constructor(
    message: string,
    public readonly reason: PictureProblem,
  ) {
    super(message);
    this.name = 'PictureError';
  }
}

const NOT_A_PICTURE = 'Choose a picture file (JPEG, PNG, WebP or GIF).';
const UNREADABLE =
  'This picture could not be opened here. Choose a JPEG, PNG or WebP picture (on an iPhone, share it as "Most Compatible").';

function toBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, PICTURE_QUALITY));
}

/** The picture, shrunk and re-encoded when it is larger than allowed in pixels or in bytes; otherwise the file itself. */
export async function shrinkPicture(file: Blob): Promise<Blob> {
  // An animated GIF would lose its animation on a canvas: it is sent as it is, or refused by size.
  if (file.type === 'image/gif') return file;
  // Browsers without createImageBitmap (old ones) send the file as it is; the size check still applies.
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new PictureError(UNREADABLE, 'unreadable');
  }
  const scale = Math.min(1, PICTURE_MAX_SIDE_PX / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size <= MAX_IMAGE_BYTES) {
    bitmap.close?.();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new PictureError(UNREADABLE, 'unreadable');
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close?.();
  // WebP where the browser can write it (some Safari versions silently give PNG instead), JPEG otherwise.
  const webp = await toBlob(canvas, 'image/webp');
  if (webp && webp.type === 'image/webp') return webp;
  const jpeg = await toBlob(canvas, 'image/jpeg');
  if (!jpeg) throw new PictureError(UNREADABLE, 'unreadable');
  return jpeg;
}

/**
 * Width and height from a GIF's or PNG's first bytes, or undefined for other files. A picture the browser could not
 * shrink (a GIF, or any picture where createImageBitmap is missing) is sent as it is: its header tells its size
 * without decoding it, as the server reads it.
 */
export async function headerDimensions(file: Blob): Promise<{ width: number; height: number } | undefined> {
  const head = new DataView(await file.slice(0, 24).arrayBuffer());
  const text = (from: number, to: number) =>
    String.fromCharCode(...new Uint8Array(head.buffer, from, Math.max(0, Math.min(to, head.byteLength) - from)));
  if (head.byteLength >= 10 && /^GIF8[79]a$/.test(text(0, 6)))
    return { width: head.getUint16(6, true), height: head.getUint16(8, true) };
  if (head.byteLength >= 24 && text(1, 4) === 'PNG' && text(12, 16) === 'IHDR')
    return { width: head.getUint32(16), height: head.getUint32(20) };
  return undefined;
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string); // readAsDataURL's result is the URL
    reader.onerror = () => reject(new PictureError('Could not read the picture.', 'unreadable'));
    reader.readAsDataURL(blob);
  });
}

/** The picture as a data URL ready to send, shrunk when needed; throws PictureError with what to tell the user. */
export async function preparePicture(file: File): Promise<string> {
  if (!file.type.startsWith('image/')) throw new PictureError(NOT_A_PICTURE, 'not-a-picture');
  const picture = await shrinkPicture(file);
  const problem = pictureSizeProblem(picture.size, picture !== file);
  if (problem) throw new PictureError(problem, 'too-large');
  const size = picture === file ? await headerDimensions(picture) : undefined;
  const tooManyPixels = size && pictureDimensionsProblem(size.width, size.height);
  if (tooManyPixels) throw new PictureError(tooManyPixels, 'too-many-pixels');
  return readAsDataUrl(picture);
}
