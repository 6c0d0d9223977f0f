/**
 * Pictures for tests, built here byte by byte so each test knows exactly what metadata went in: a real JPEG (encoded
 * by jpeg-js) carrying a phone's EXIF with a GPS position, XMP, a comment and bytes after its end; PNG, GIF and WebP
 * files with their formats' metadata; and headers that declare any size at all.
 */
import zlib from 'node:zlib';
import jpeg from 'jpeg-js';

/** A position the tests look for in the output: 6°12'34.56" S, 106°50'42.12" E (Jakarta). */
export const GPS_TEXT = 'GPS 6.2096 S 106.8450 E';
export const CAMERA = 'KameraHP-SN-0042';

/** A little-endian TIFF as EXIF holds it: IFD0 with the camera, the orientation and a GPS IFD with a latitude. */
export function exifWithGps(orientation: number): Buffer {
  const t = Buffer.alloc(160);
  t.write('II', 0, 'latin1');
  t.writeUInt16LE(42, 2);
  t.writeUInt32LE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    t.writeUInt16LE(tag, at);
    t.writeUInt16LE(type, at + 2);
    t.writeUInt32LE(count, at + 4);
    t.writeUInt32LE(value, at + 8);
  };
  t.writeUInt16LE(3, 8); // IFD0: three entries
  entry(10, 0x010f, 2, CAMERA.length + 1, 100); // Make (ASCII at 100)
  entry(22, 0x0112, 3, 1, orientation); // Orientation (SHORT, inline)
  entry(34, 0x8825, 4, 1, 50); // GPS IFD at 50
  t.writeUInt32LE(0, 46);
  t.writeUInt16LE(2, 50); // GPS IFD: two entries
  entry(52, 0x0001, 2, 2, 'S'.charCodeAt(0)); // GPSLatitudeRef "S"
  entry(64, 0x0002, 5, 3, 120); // GPSLatitude (3 RATIONAL at 120)
  t.writeUInt32LE(0, 76);
  t.write(`${CAMERA}\0`, 100, 'latin1');
  [6, 1, 12, 1, 3456, 100].forEach((v, i) => t.writeUInt32LE(v, 120 + i * 4));
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), t, Buffer.from(GPS_TEXT, 'latin1')]);
}

export function jpegSegment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** A real 16×8 JPEG with a gradient, as jpeg-js writes it (JFIF, tables, one baseline scan). */
export function plainJpeg(width = 16, height = 8): Buffer {
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) pixels.set([(i * 7) % 256, (i * 3) % 256, 200, 255], i * 4);
  return jpeg.encode({ data: pixels, width, height }, 90).data;
}

/** That JPEG as a phone writes it: EXIF with GPS and orientation, XMP with the position, a comment, a trailer. */
export function phoneJpeg(orientation = 6): Buffer {
  const plain = plainJpeg();
  const xmp = Buffer.from(
    `http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>${GPS_TEXT}</exif:GPSLatitude></x:xmpmeta>`,
    'latin1',
  );
  return Buffer.concat([
    plain.subarray(0, 2),
    jpegSegment(0xe1, exifWithGps(orientation)),
    jpegSegment(0xe1, xmp),
    jpegSegment(0xed, Buffer.from(`Photoshop 3.0\0${CAMERA}`, 'latin1')), // IPTC
    jpegSegment(0xfe, Buffer.from(`Rumah ${GPS_TEXT}`, 'latin1')), // comment
    plain.subarray(2),
    Buffer.from(`trailer ${GPS_TEXT}`, 'latin1'),
  ]);
}

/** The APPn and COM segments of a JPEG before its first scan: [marker, body]. */
export function jpegMetadataSegments(data: Buffer): [number, Buffer][] {
  const found: [number, Buffer][] = [];
  let pos = 2;
  while (pos + 4 <= data.length && data[pos] === 0xff && data[pos + 1] !== 0xda) {
    const marker = data[pos + 1];
    const length = data.readUInt16BE(pos + 2);
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe)
      found.push([marker, data.subarray(pos + 4, pos + 2 + length)]);
    pos += 2 + length;
  }
  return found;
}

export function decodeJpeg(data: Buffer): { width: number; height: number; data: Uint8Array } {
  return jpeg.decode(data, { useTArray: true });
}

export function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A valid 8-bit grey PNG of that size whose rows are all zero (a whole 10000×10000 one deflates to ~100 KB). */
export function greyPng(width: number, height: number, extraChunks: Buffer[] = []): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const rows = zlib.deflateSync(Buffer.alloc((width + 1) * height), { level: 9 });
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    ...extraChunks,
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG that is only a header declaring this size (the 2^31 × 2^31 kind) and an end. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IEND', Buffer.alloc(0))]);
}

export function pngChunkTypes(data: Buffer): string[] {
  const types: string[] = [];
  for (let pos = 8; pos + 8 <= data.length; pos += 12 + data.readUInt32BE(pos))
    types.push(data.subarray(pos + 4, pos + 8).toString('latin1'));
  return types;
}

/** A 1×1 GIF (one frame, global palette) with a comment and an XMP application block, and a loop block. */
export function gifWithComment(width = 1, height = 1): Buffer {
  const lsd = Buffer.alloc(7);
  lsd.writeUInt16LE(width, 0);
  lsd.writeUInt16LE(height, 2);
  lsd[4] = 0x80; // a global colour table of 2 entries
  const app = (name: string, data: string) =>
    Buffer.concat([
      Buffer.from([0x21, 0xff, 11]),
      Buffer.from(name, 'latin1'),
      Buffer.from([data.length]),
      Buffer.from(data, 'latin1'),
      Buffer.from([0]),
    ]);
  const frame = Buffer.alloc(10);
  frame[0] = 0x2c;
  frame.writeUInt16LE(width, 5);
  frame.writeUInt16LE(height, 7);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    lsd,
    Buffer.from([0, 0, 0, 255, 255, 255]),
    app('NETSCAPE2.0', '\x01\x00\x00'),
    Buffer.from([0x21, 0xfe, GPS_TEXT.length]),
    Buffer.from(GPS_TEXT, 'latin1'),
    Buffer.from([0]), // comment
    app('XMP DataXMP', `<x:xmpmeta>${CAMERA}</x:xmpmeta>`),
    Buffer.from([0x21, 0xf9, 4, 0, 0, 0, 0, 0]), // graphic control
    frame,
    Buffer.from([2, 2, 0x4c, 0x01, 0]), // LZW code size 2, one data sub-block
    Buffer.from([0x3b]),
    Buffer.from(`after the end ${GPS_TEXT}`, 'latin1'),
  ]);
}

function riffChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body, body.length % 2 ? Buffer.from([0]) : Buffer.alloc(0)]);
}

/** An extended WebP (VP8X canvas) of that size with a lossless image and EXIF and XMP chunks. */
export function webpWithExif(width = 1, height = 1): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x08 | 0x04; // EXIF and XMP present
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const vp8l = Buffer.alloc(5);
  vp8l[0] = 0x2f;
  vp8l.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
  const chunks = Buffer.concat([
    riffChunk('VP8X', vp8x),
    riffChunk('VP8L', Buffer.concat([vp8l, Buffer.from([0x00, 0x07])])),
    riffChunk('EXIF', exifWithGps(1).subarray(6)),
    riffChunk('XMP ', Buffer.from(`<x:xmpmeta>${GPS_TEXT}</x:xmpmeta>`, 'latin1')),
  ]);
  const head = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
  head.writeUInt32LE(4 + chunks.length, 4);
  return Buffer.concat([head, chunks]);
}

export function webpChunkTypes(data: Buffer): string[] {
  const types: string[] = [];
  for (let pos = 12; pos + 8 <= data.length; pos += 8 + data.readUInt32LE(pos + 4) + (data.readUInt32LE(pos + 4) % 2))
    types.push(data.subarray(pos, pos + 4).toString('latin1'));
  return types;
}

export const dataUrl = (mime: string, data: Buffer) => `data:${mime};base64,${data.toString('base64')}`;
