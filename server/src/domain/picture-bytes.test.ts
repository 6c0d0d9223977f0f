import {
  CAMERA,
  decodeJpeg,
  exifWithGps,
  gifWithComment,
  GPS_TEXT,
  greyPng,
  jpegMetadataSegments,
  jpegSegment,
  phoneJpeg,
  plainJpeg,
  pngChunk,
  pngChunkTypes,
  pngHeaderOnly,
  webpChunkTypes,
  webpWithExif,
} from '../../test/pictures';
import { cleanPicture, exifOrientation, MalformedPicture } from './picture-bytes';

const hasText = (data: Buffer, text: string) => data.includes(Buffer.from(text, 'latin1'));

describe('cleanPicture: JPEG', () => {
  it('drops EXIF (GPS, camera), XMP, IPTC, comments and what follows the image, keeping every pixel', () => {
    const phone = phoneJpeg(1);
    expect(hasText(phone, GPS_TEXT) && hasText(phone, CAMERA)).toBe(true);
    const clean = cleanPicture('image/jpeg', phone);
    expect(hasText(clean.data, GPS_TEXT)).toBe(false);
    expect(hasText(clean.data, CAMERA)).toBe(false);
    expect(hasText(clean.data, 'Exif')).toBe(false);
    expect(jpegMetadataSegments(clean.data).map(([marker]) => marker)).toEqual([0xe0]); // JFIF alone
    expect(clean.data.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(clean).toMatchObject({ width: 16, height: 8 });
    const before = decodeJpeg(phone);
    const after = decodeJpeg(clean.data);
    expect([after.width, after.height]).toEqual([16, 8]);
    expect(Buffer.from(after.data).equals(Buffer.from(before.data))).toBe(true);
  });

  it('keeps the orientation alone, so a photo taken with the phone turned stays upright', () => {
    const clean = cleanPicture('image/jpeg', phoneJpeg(6));
    const app1 = jpegMetadataSegments(clean.data).filter(([marker]) => marker === 0xe1);
    expect(app1).toHaveLength(1);
    expect(exifOrientation(app1[0][1])).toBe(6);
    expect(app1[0][1].length).toBe(32); // the header and one tag: no GPS IFD, no camera
    expect(hasText(clean.data, GPS_TEXT) || hasText(clean.data, CAMERA)).toBe(false);
    expect(decodeJpeg(clean.data).width).toBe(16);
  });

  it('reads the orientation of big- and little-endian EXIF, and nothing from a broken one', () => {
    expect(exifOrientation(exifWithGps(8))).toBe(8);
    expect(exifOrientation(cleanOrientation(3))).toBe(3);
    expect(exifOrientation(exifWithGps(6).subarray(0, 20))).toBeUndefined();
    expect(exifOrientation(Buffer.from('Exif\0\0XX\0\0', 'latin1'))).toBeUndefined();
  });

  it('keeps a colour profile, and the JFIF header without its thumbnail', () => {
    const plain = plainJpeg();
    const icc = jpegSegment(0xe2, Buffer.from('ICC_PROFILE\0\x01\x01profile-bytes', 'latin1'));
    const jfifWithThumb = jpegSegment(
      0xe0,
      Buffer.concat([
        Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\x02\x01', 'latin1'),
        Buffer.from('THUMB-RGB-PIXEL', 'latin1'),
      ]),
    );
    const clean = cleanPicture(
      'image/jpeg',
      Buffer.concat([plain.subarray(0, 2), jfifWithThumb, icc, plain.subarray(20)]),
    );
    expect(hasText(clean.data, 'profile-bytes')).toBe(true);
    expect(hasText(clean.data, 'THUMB')).toBe(false);
  });

  it('reads the size from the frame header; 65535 × 65535 is read as it is', () => {
    const plain = plainJpeg();
    const sof = plain.indexOf(Buffer.from([0xff, 0xc0]));
    const huge = Buffer.from(plain);
    huge.writeUInt16BE(65535, sof + 5);
    huge.writeUInt16BE(65535, sof + 7);
    expect(cleanPicture('image/jpeg', huge)).toMatchObject({ width: 65535, height: 65535 });
  });

  it.each([
    [
      'a segment longer than the file',
      (j: Buffer) => Buffer.concat([j.subarray(0, 2), Buffer.from([0xff, 0xe1, 0xff, 0xff, 1, 2])]),
    ],
    ['bytes between segments', (j: Buffer) => Buffer.concat([j.subarray(0, 2), Buffer.from('junk'), j.subarray(2)])],
    ['no frame header', (j: Buffer) => Buffer.concat([j.subarray(0, 2), Buffer.from([0xff, 0xd9])])],
    ['a start marker only', (j: Buffer) => j.subarray(0, 3)],
  ])('refuses a JPEG with %s', (_name, make) => {
    expect(() => cleanPicture('image/jpeg', make(plainJpeg()))).toThrow(MalformedPicture);
  });
});

function cleanOrientation(orientation: number): Buffer {
  const app1 = jpegMetadataSegments(cleanPicture('image/jpeg', phoneJpeg(orientation)).data).find(
    ([marker]) => marker === 0xe1,
  );
  return app1![1];
}

describe('cleanPicture: PNG', () => {
  it('drops text, EXIF and time chunks and anything after the end, keeping image and colour chunks', () => {
    const png = Buffer.concat([
      greyPng(3, 2, [
        pngChunk('tEXt', Buffer.from(`Comment\0${GPS_TEXT}`, 'latin1')),
        pngChunk('eXIf', exifWithGps(1).subarray(6)),
        pngChunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${CAMERA}`, 'latin1')),
        pngChunk('tIME', Buffer.alloc(7)),
        pngChunk('sRGB', Buffer.from([0])),
        pngChunk('pHYs', Buffer.alloc(9)),
      ]),
      Buffer.from(GPS_TEXT, 'latin1'),
    ]);
    const clean = cleanPicture('image/png', png);
    expect(pngChunkTypes(clean.data)).toEqual(['IHDR', 'sRGB', 'pHYs', 'IDAT', 'IEND']);
    expect(hasText(clean.data, GPS_TEXT) || hasText(clean.data, CAMERA)).toBe(false);
    expect(clean).toMatchObject({ width: 3, height: 2 });
    expect(cleanPicture('image/png', greyPng(3, 2)).data.equals(greyPng(3, 2))).toBe(true); // nothing to drop: unchanged
  });

  it('reads any declared size from the header without inflating the rows (2^31 and 2^32 - 1 included)', () => {
    expect(cleanPicture('image/png', greyPng(10_000, 10_000))).toMatchObject({ width: 10_000, height: 10_000 });
    expect(cleanPicture('image/png', pngHeaderOnly(2 ** 31, 2 ** 31))).toMatchObject({
      width: 2 ** 31,
      height: 2 ** 31,
    });
    expect(cleanPicture('image/png', pngHeaderOnly(2 ** 32 - 1, 1))).toMatchObject({ width: 2 ** 32 - 1 });
  });

  it.each([
    ['a signature only', () => greyPng(1, 1).subarray(0, 8)],
    ['no header chunk first', () => Buffer.concat([greyPng(1, 1).subarray(0, 8), pngChunk('IEND', Buffer.alloc(0))])],
    ['no end chunk', () => greyPng(1, 1).subarray(0, -12)],
    [
      'a chunk longer than the file',
      () => {
        const p = Buffer.from(greyPng(1, 1));
        p.writeUInt32BE(0xfffffff0, 33);
        return p;
      },
    ],
  ])('refuses a PNG with %s', (_name, make) => {
    expect(() => cleanPicture('image/png', make())).toThrow(MalformedPicture);
  });
});

describe('cleanPicture: GIF', () => {
  it("drops comments, other applications' data and what follows the trailer; keeps frames, timing and looping", () => {
    const clean = cleanPicture('image/gif', gifWithComment());
    expect(hasText(clean.data, GPS_TEXT) || hasText(clean.data, CAMERA) || hasText(clean.data, 'XMP')).toBe(false);
    expect(hasText(clean.data, 'NETSCAPE2.0')).toBe(true);
    expect(clean.data.includes(Buffer.from([0x21, 0xf9, 4]))).toBe(true);
    expect(clean.data.at(-1)).toBe(0x3b);
    expect(clean).toMatchObject({ width: 1, height: 1 });
  });

  it("takes the larger of the screen and each frame's extent as the size", () => {
    const gif = Buffer.from(gifWithComment(1, 1));
    const frame = gif.lastIndexOf(Buffer.from([0x2c, 0, 0, 0, 0]));
    gif.writeUInt16LE(9000, frame + 5);
    expect(cleanPicture('image/gif', gif)).toMatchObject({ width: 9000, height: 1 });
  });

  it('refuses a GIF whose blocks run past the end or are unknown', () => {
    expect(() => cleanPicture('image/gif', gifWithComment().subarray(0, 40))).toThrow(MalformedPicture);
    expect(() =>
      cleanPicture('image/gif', Buffer.concat([gifWithComment().subarray(0, 19), Buffer.from([0x99])])),
    ).toThrow(MalformedPicture);
  });
});

describe('cleanPicture: WebP', () => {
  it('drops the EXIF and XMP chunks, clears their flags and fixes the RIFF length', () => {
    const clean = cleanPicture('image/webp', webpWithExif(300, 200));
    expect(webpChunkTypes(clean.data)).toEqual(['VP8X', 'VP8L']);
    expect(clean.data[20] & 0x0c).toBe(0);
    expect(clean.data.readUInt32LE(4)).toBe(clean.data.length - 8);
    expect(hasText(clean.data, GPS_TEXT) || hasText(clean.data, CAMERA)).toBe(false);
    expect(clean).toMatchObject({ width: 300, height: 200 });
  });

  it('reads a canvas of up to 2^24 pixels on a side', () => {
    expect(cleanPicture('image/webp', webpWithExif(2 ** 24, 5))).toMatchObject({ width: 2 ** 24, height: 5 });
  });

  it('refuses a WebP without an image header or with a chunk longer than the file', () => {
    expect(() => cleanPicture('image/webp', Buffer.from('RIFF\x04\0\0\0WEBP', 'latin1'))).toThrow(MalformedPicture);
    const long = Buffer.from(webpWithExif());
    long.writeUInt32LE(1_000_000, 16);
    expect(() => cleanPicture('image/webp', long)).toThrow(MalformedPicture);
  });
});
