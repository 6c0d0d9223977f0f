/**
 * What a stored picture keeps of the bytes it was uploaded with, found by walking the file's container (JPEG segments,
 * PNG chunks, GIF blocks, WebP RIFF chunks) without decoding a single pixel:
 *
 * - its width and height, from the header, so an oversized picture is refused before any browser decodes it (a 97 KB
 *   PNG can declare 10000×10000 pixels: 400 MB once decoded in every reader's browser);
 * - only the bytes needed to draw it. Metadata — EXIF (a phone photo's GPS position, time, camera serial), XMP,
 *   IPTC, comments, text chunks, embedded thumbnails, anything after the end of the image — is dropped, because
 *   pictures are served to anyone who has the link. Colour profiles and animation control are kept.
 *
 * Lossless: the pixel data is copied as it is, never re-encoded. A JPEG's EXIF orientation is the one tag kept
 * (written alone in a new, minimal EXIF block), or a photo taken with the phone turned would show on its side.
 */

export interface CleanPicture {
  /** The picture without its metadata. */
  data: Buffer;
  /** Pixels, as the header declares them (the largest frame or canvas for animations). */
  width: number;
  height: number;
}

/** The bytes do not follow the format they claim: said to the user as "not a valid picture". */
export class MalformedPicture extends Error {}

export type PictureFormat = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** The picture with its metadata dropped and its declared size; throws MalformedPicture when its structure is broken. */
export function cleanPicture(format: PictureFormat, data: Buffer): CleanPicture {
  switch (format) {
    case 'image/jpeg':
      return cleanJpeg(data);
    case 'image/png':
      return cleanPng(data);
    case 'image/gif':
      return cleanGif(data);
    case 'image/webp':
      return cleanWebp(data);
  }
}

const malformed = (what: string) => new MalformedPicture(what);

// ------------------------------------------------------------------------------------------------------------ JPEG

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

const isApp = (marker: number) => marker >= 0xe0 && marker <= 0xef;
/** Markers without a length: RST0–7 and TEM. */
const isStandalone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;
/** Start-of-frame markers (they hold the size): C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

const startsWith = (body: Buffer, text: string) => body.subarray(0, text.length).toString('latin1') === text;

/** The segment to write for an APPn or COM one, or undefined to drop it. */
function keptAppSegment(marker: number, body: Buffer): Buffer | undefined {
  // JFIF stays (it gives the pixel density) but without its thumbnail, which may show what was cropped away.
  if (marker === APP0 && startsWith(body, 'JFIF\0') && body.length >= 14) {
    return segment(APP0, Buffer.concat([body.subarray(0, 12), Buffer.from([0, 0])]));
  }
  if (marker === APP2 && startsWith(body, 'ICC_PROFILE\0')) return segment(marker, body); // colours
  if (marker === APP14 && startsWith(body, 'Adobe')) return segment(marker, body); // how to read CMYK/YCCK colours
  return undefined;
}

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** Where a scan's entropy-coded data ends: the 0xFF of the next marker (not a stuffed 0xFF00 or a restart), or the end. */
function endOfScan(src: Buffer, from: number): number {
  let i = from;
  for (;;) {
    i = src.indexOf(0xff, i);
    if (i < 0 || i + 1 >= src.length) return src.length;
    const next = src[i + 1];
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) i += 2;
    else if (next === 0xff) i += 1;
    else return i;
  }
}

/** The EXIF orientation (1–8) of an APP1 "Exif" body, or undefined when it has none or cannot be read. */
export function exifOrientation(body: Buffer): number | undefined {
  if (!startsWith(body, 'Exif\0\0')) return undefined;
  const tiff = body.subarray(6);
  if (tiff.length < 8) return undefined;
  const order = tiff.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return undefined;
  const u16 = (at: number) => (order === 'II' ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (order === 'II' ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return undefined;
  const count = u16(ifd);
  for (let n = 0; n < count; n++) {
    const entry = ifd + 2 + n * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (u16(entry) !== 0x0112) continue;
    const value = u16(entry + 2) === 3 ? u16(entry + 8) : 0; // a SHORT
    return value >= 1 && value <= 8 ? value : undefined;
  }
  return undefined;
}

/** An APP1 segment holding nothing but the orientation tag: a big-endian TIFF with one IFD of one entry. */
function orientationOnlyExif(orientation: number): Buffer {
  const body = Buffer.alloc(6 + 8 + 2 + 12 + 4);
  body.write('Exif\0\0', 0, 'latin1');
  body.write('MM', 6, 'latin1');
  body.writeUInt16BE(42, 8);
  body.writeUInt32BE(8, 10); // IFD0 right after the header
  body.writeUInt16BE(1, 14); // one entry:
  body.writeUInt16BE(0x0112, 16); // Orientation,
  body.writeUInt16BE(3, 18); // SHORT,
  body.writeUInt32BE(1, 20); // one value,
  body.writeUInt16BE(orientation, 24); // this one (left-aligned in the 4-byte field)
  body.writeUInt32BE(0, 28); // no next IFD
  return segment(APP1, body);
}

function cleanJpeg(src: Buffer): CleanPicture {
  if (src[0] !== 0xff || src[1] !== SOI) throw malformed('no JPEG start marker');
  const out: Buffer[] = [src.subarray(0, 2)];
  let exifAt = -1; // where the original EXIF block was: the orientation goes back in its place
  let orientation: number | undefined;
  let size: { width: number; height: number } | undefined;
  let pos = 2;
  for (;;) {
    if (pos >= src.length) break; // cut short after a segment: browsers draw what there is
    if (src[pos] !== 0xff) throw malformed('JPEG data between segments');
    while (src[pos] === 0xff) pos++; // fill bytes
    const marker = src[pos++];
    if (marker === undefined) break;
    if (marker === EOI) {
      out.push(Buffer.from([0xff, EOI])); // whatever follows the image (a second picture, a maker's blob) is dropped
      break;
    }
    if (isStandalone(marker)) {
      out.push(Buffer.from([0xff, marker]));
      continue;
    }
    if (pos + 2 > src.length) throw malformed('JPEG segment cut short');
    const length = src.readUInt16BE(pos);
    if (length < 2 || pos + length > src.length) throw malformed('JPEG segment longer than the file');
    const body = src.subarray(pos + 2, pos + length);
    pos += length;
    if (isApp(marker) || marker === COM) {
      if (marker === APP1 && exifAt < 0 && startsWith(body, 'Exif\0\0')) {
        exifAt = out.length;
        orientation = exifOrientation(body);
      }
      const kept = keptAppSegment(marker, body);
      if (kept) out.push(kept);
      continue;
    }
    if (isStartOfFrame(marker)) {
      if (body.length < 5) throw malformed('JPEG frame header cut short');
      size ??= { height: body.readUInt16BE(1), width: body.readUInt16BE(3) };
    }
    out.push(segment(marker, body));
    if (marker === SOS) {
      const end = endOfScan(src, pos);
      out.push(src.subarray(pos, end));
      pos = end;
    }
  }
  if (!size) throw malformed('JPEG without a frame header');
  if (orientation !== undefined && orientation !== 1) out.splice(exifAt, 0, orientationOnlyExif(orientation));
  return { data: Buffer.concat(out), ...size };
}

// ------------------------------------------------------------------------------------------------------------- PNG

/**
 * The chunks a PNG keeps: the image, its transparency, colour and pixel-size information and APNG's animation.
 * Everything else (tEXt, zTXt, iTXt, eXIf, tIME and private chunks) is dropped.
 */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'mDCV',
  'cLLI',
  'bKGD',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);

function cleanPng(src: Buffer): CleanPicture {
  const out: Buffer[] = [src.subarray(0, 8)];
  let size: { width: number; height: number } | undefined;
  let pos = 8;
  for (;;) {
    if (pos + 12 > src.length) throw malformed('PNG cut short before its end chunk');
    const length = src.readUInt32BE(pos);
    const type = src.subarray(pos + 4, pos + 8).toString('latin1');
    const end = pos + 12 + length;
    if (length > 0x7fffffff || end > src.length) throw malformed('PNG chunk longer than the file');
    if (!size) {
      if (type !== 'IHDR' || length !== 13) throw malformed('PNG without a header chunk first');
      size = { width: src.readUInt32BE(pos + 8), height: src.readUInt32BE(pos + 12) };
    }
    if (PNG_KEPT.has(type)) out.push(src.subarray(pos, end));
    pos = end;
    if (type === 'IEND') break; // anything after it is dropped
  }
  return { data: Buffer.concat(out), ...size };
}

// ------------------------------------------------------------------------------------------------------------- GIF

/** Where a run of GIF data sub-blocks (each a length byte and that many bytes, up to a 0) ends. */
function endOfSubBlocks(src: Buffer, from: number): number {
  let pos = from;
  for (;;) {
    if (pos >= src.length) throw malformed('GIF block cut short');
    const length = src[pos];
    pos += 1 + length;
    if (length === 0) return pos;
  }
}

/** Application extensions that only say how to loop an animation; the others (XMP, ICC, makers' data) are dropped. */
const GIF_LOOP_APPS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

function cleanGif(src: Buffer): CleanPicture {
  if (src.length < 13) throw malformed('GIF header cut short');
  let width = src.readUInt16LE(6);
  let height = src.readUInt16LE(8);
  const colorTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let pos = 13 + colorTable(src[10]);
  if (pos > src.length) throw malformed('GIF colour table cut short');
  const out: Buffer[] = [src.subarray(0, pos)];
  for (;;) {
    const block = src[pos];
    if (block === undefined || block === 0x3b) break; // the trailer (written below); what follows it is dropped
    if (block === 0x2c) {
      // An image: its descriptor (position and size in the canvas), colour table, LZW code size and data.
      if (pos + 10 > src.length) throw malformed('GIF image descriptor cut short');
      width = Math.max(width, src.readUInt16LE(pos + 1) + src.readUInt16LE(pos + 5));
      height = Math.max(height, src.readUInt16LE(pos + 3) + src.readUInt16LE(pos + 7));
      const end = endOfSubBlocks(src, pos + 10 + colorTable(src[pos + 9]) + 1);
      out.push(src.subarray(pos, end));
      pos = end;
    } else if (block === 0x21) {
      const label = src[pos + 1];
      const end = endOfSubBlocks(src, pos + 2);
      const appName = label === 0xff && src[pos + 2] === 11 ? src.subarray(pos + 3, pos + 14).toString('latin1') : '';
      // A frame's timing and transparency, and the loop count, stay; comments, text and other applications' data go.
      if (label === 0xf9 || GIF_LOOP_APPS.has(appName)) out.push(src.subarray(pos, end));
      pos = end;
    } else {
      throw malformed('unknown GIF block');
    }
  }
  out.push(Buffer.from([0x3b]));
  return { data: Buffer.concat(out), width, height };
}

// ------------------------------------------------------------------------------------------------------------ WebP

/** The chunks a WebP keeps: image data, alpha, animation and colour profile; EXIF, XMP and unknown ones go. */
const WEBP_KEPT = new Set(['VP8X', 'VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
/** VP8X flags that announce the EXIF and XMP chunks, cleared as those are dropped. */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function webpSize(type: string, body: Buffer): { width: number; height: number } | undefined {
  if (type === 'VP8X' && body.length >= 10)
    return { width: body.readUIntLE(4, 3) + 1, height: body.readUIntLE(7, 3) + 1 };
  if (type === 'VP8 ' && body.length >= 10 && body[3] === 0x9d && body[4] === 0x01 && body[5] === 0x2a) {
    return { width: body.readUInt16LE(6) & 0x3fff, height: body.readUInt16LE(8) & 0x3fff };
  }
  if (type === 'VP8L' && body.length >= 5 && body[0] === 0x2f) {
    const bits = body.readUInt32LE(1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return undefined;
}

function cleanWebp(src: Buffer): CleanPicture {
  if (src.length < 12) throw malformed('WebP header cut short');
  const riffEnd = Math.min(src.length, 8 + src.readUInt32LE(4)); // bytes past the RIFF's own length are dropped
  const chunks: Buffer[] = [];
  let size: { width: number; height: number } | undefined;
  let pos = 12;
  while (pos + 8 <= riffEnd) {
    const type = src.subarray(pos, pos + 4).toString('latin1');
    const length = src.readUInt32LE(pos + 4);
    if (pos + 8 + length > riffEnd) throw malformed('WebP chunk longer than the file');
    const body = src.subarray(pos + 8, pos + 8 + length);
    // The first chunk says the size: VP8X's canvas (animations, alpha, profiles), or the one image's own.
    if (pos === 12) size = webpSize(type, body);
    if (WEBP_KEPT.has(type)) {
      const chunk = Buffer.alloc(8 + length + (length % 2)); // chunks are padded to an even length
      src.copy(chunk, 0, pos, pos + 8 + length);
      if (type === 'VP8X') chunk[8] &= ~(VP8X_EXIF | VP8X_XMP);
      chunks.push(chunk);
    }
    pos += 8 + length + (length % 2);
  }
  if (!size) throw malformed('WebP without an image header first');
  const body = Buffer.concat(chunks);
  const head = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
  head.writeUInt32LE(4 + body.length, 4);
  return { data: Buffer.concat([head, body]), ...size };
}
