/**
 * Browser side of a picture upload (teacher questions and materials, profile pictures): a photo is shrunk to
 * PICTURE_MAX_SIDE_PX on its longest side and re-encoded before it is sent, so an ordinary phone photo fits the one
 * limit the server checks. Browser only (canvas, createImageBitmap, FileReader): not exported from the index, which
 * the server imports.
 */
import { MAX_IMAGE_BYTES, PICTURE_MAX_SIDE_PX, PICTURE_QUALITY, pictureSizeProblem } from './pictures';

/** Why a file cannot be used: a translated screen tells it from this, English shows the message as it is. */
export type PictureProblem = 'not-a-picture' | 'unreadable' | 'too-large';

/** A file that cannot be used, with the sentence to show next to the field (English) and its reason. */
export class PictureError extends Error {
  constructor(message: string, public readonly reason: PictureProblem) {
    super(message);
    this.name = 'PictureError';
  }
}

const NOT_A_PICTURE = 'Choose a picture file (JPEG, PNG, WebP or GIF).';
const UNREADABLE = 'This picture could not be opened here. Choose a JPEG, PNG or WebP picture (on an iPhone, share it as "Most Compatible").';

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

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
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
  return readAsDataUrl(picture);
}
