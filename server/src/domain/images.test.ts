import crypto from 'node:crypto';
import { ContentError } from './content';
import { MAX_IMAGE_SIDE_PX } from '@kelasku/shared-rules';
import {
  CAMERA,
  dataUrl,
  gifWithComment,
  GPS_TEXT,
  greyPng,
  phoneJpeg,
  pngChunk,
  pngHeaderOnly,
  webpWithExif,
} from '../../test/pictures';
import {
  decodeImageDataUrl,
  extractContentImages,
  extractHtmlImages,
  type ImageBag,
  imageUrl,
  MAX_IMAGE_BYTES,
  takeValidPictures,
} from './images';

const PNG_B64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG = `data:image/png;base64,${PNG_B64}`;
const PNG_HASH = crypto.createHash('sha256').update(Buffer.from(PNG_B64, 'base64')).digest('hex');
const GIF = `data:image/gif;base64,${Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64')}`;
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('decodeImageDataUrl', () => {
  it('decodes a PNG data URL, keyed by the sha256 of its bytes', () => {
    const img = decodeImageDataUrl(PNG, 'x');
    expect(img).toMatchObject({ hash: PNG_HASH, mime: 'image/png' });
    expect(img.data.equals(Buffer.from(PNG_B64, 'base64'))).toBe(true);
    expect(imageUrl(img)).toBe(`/api/v1/images/${PNG_HASH}.png`);
    expect(imageUrl(decodeImageDataUrl(GIF, 'x'))).toMatch(/^\/api\/v1\/images\/[0-9a-f]{64}\.gif$/);
  });

  it.each([
    [
      'SVG',
      `data:image/svg+xml;base64,${b64('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')}`,
      /image\/svg\+xml.*not accepted/,
    ],
    ['HTML', `data:text/html;base64,${b64('<script>alert(1)</script>')}`, /text\/html.*not accepted/],
    ['no base64', 'data:image/png,abc', /base64/],
    ['bad base64', 'data:image/png;base64,@@@', /not valid base64/],
    ['HTML posing as PNG', `data:image/png;base64,${b64('<html><script>alert(1)</script></html>')}`, /not a PNG file/],
    ['not a data URL', 'https://example.com/a.png', /not a valid data: URL/],
  ])('refuses %s with a message naming the field', (_name, url, message) => {
    expect(() => decodeImageDataUrl(url, 'content["1_pict"]')).toThrow(ContentError);
    expect(() => decodeImageDataUrl(url, 'content["1_pict"]')).toThrow(message);
    expect(() => decodeImageDataUrl(url, 'content["1_pict"]')).toThrow(/content\["1_pict"\]/);
  });

  it('refuses pictures over the size limit', () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    Buffer.from(PNG_B64, 'base64').copy(big);
    expect(() => decodeImageDataUrl(`data:image/png;base64,${big.toString('base64')}`, 'content')).toThrow(
      /too large \(max 1\.5 MB\)/,
    );
    // A PNG of exactly the limit: its image data fills what the header and end chunk leave.
    const frame = greyPng(1, 1).length - greyPng(1, 1).subarray(33).readUInt32BE(0);
    const justFits = Buffer.concat([
      greyPng(1, 1).subarray(0, 33),
      pngChunk('IDAT', Buffer.alloc(MAX_IMAGE_BYTES - frame)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    expect(justFits.length).toBe(MAX_IMAGE_BYTES);
    expect(decodeImageDataUrl(dataUrl('image/png', justFits), 'content').data.length).toBe(MAX_IMAGE_BYTES);
  });

  it('stores a phone photo without its EXIF (GPS position, camera) and other metadata, keyed by what is stored', () => {
    const img = decodeImageDataUrl(dataUrl('image/jpeg', phoneJpeg()), 'content["1_pict"]');
    expect(img.data.includes(Buffer.from(GPS_TEXT))).toBe(false);
    expect(img.data.includes(Buffer.from(CAMERA))).toBe(false);
    expect(img.hash).toBe(crypto.createHash('sha256').update(img.data).digest('hex'));
    for (const [mime, data] of [
      ['image/png', greyPng(2, 2, [pngChunk('tEXt', Buffer.from(`GPS\0${GPS_TEXT}`))])],
      ['image/gif', gifWithComment()],
      ['image/webp', webpWithExif()],
    ] as const) {
      expect(decodeImageDataUrl(dataUrl(mime, data), 'x').data.includes(Buffer.from(GPS_TEXT))).toBe(false);
    }
  });

  it.each([
    ['a 10000 × 10000 PNG of ~100 KB', () => greyPng(10_000, 10_000), 10_000, 10_000],
    ['a 2^31 × 2^31 PNG header', () => pngHeaderOnly(2 ** 31, 2 ** 31), 2 ** 31, 2 ** 31],
    ['a PNG one pixel too wide', () => pngHeaderOnly(MAX_IMAGE_SIDE_PX + 1, 1), MAX_IMAGE_SIDE_PX + 1, 1],
  ])('refuses %s by its header, with the size and the limit', (_name, make, width, height) => {
    const url = dataUrl('image/png', make());
    expect(() => decodeImageDataUrl(url, 'content["2_pict"]')).toThrow(
      expect.objectContaining({
        message: `content["2_pict"]: the image is ${width} × ${height} pixels (max ${MAX_IMAGE_SIDE_PX} pixels on each side)`,
        extra: {
          code: 'image-too-many-pixels',
          params: { field: 'content["2_pict"]', width, height, limit: MAX_IMAGE_SIDE_PX },
        },
      }),
    );
  });

  it('accepts pictures of the largest size, and refuses the other formats over it too', () => {
    expect(
      decodeImageDataUrl(dataUrl('image/png', pngHeaderOnly(MAX_IMAGE_SIDE_PX, MAX_IMAGE_SIDE_PX)), 'x').mime,
    ).toBe('image/png');
    expect(() => decodeImageDataUrl(dataUrl('image/gif', gifWithComment(5000, 1)), 'x')).toThrow(/5000 × 1 pixels/);
    expect(() => decodeImageDataUrl(dataUrl('image/webp', webpWithExif(1, 16_384)), 'x')).toThrow(/1 × 16384 pixels/);
  });

  it('refuses a file that starts like its format but is not one, as not an image', () => {
    expect(() => decodeImageDataUrl(dataUrl('image/png', greyPng(1, 1).subarray(0, 8)), 'x')).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(/^x: the image data is not a valid PNG file/),
        extra: { code: 'not-an-image', params: { field: 'x' } },
      }),
    );
  });
});

describe('extractHtmlImages', () => {
  it('replaces inline data: pictures by their URL, once per picture, and leaves other images alone', () => {
    const bag: ImageBag = new Map();
    const html = `<p>a<img src="${PNG}"> b <img alt='x' src='${PNG}'><img src="https://example.com/a.png"><img src="/api/v1/images/${'0'.repeat(64)}.png"></p>`;
    const out = extractHtmlImages(html, 'content', bag);
    expect(out).toBe(
      `<p>a<img src="/api/v1/images/${PNG_HASH}.png"> b <img alt='x' src='/api/v1/images/${PNG_HASH}.png'><img src="https://example.com/a.png"><img src="/api/v1/images/${'0'.repeat(64)}.png"></p>`,
    );
    expect([...bag.keys()]).toEqual([PNG_HASH]);
  });

  it('finds pictures the way the old pattern did: any case, either quote, spaces around =, src after other attributes', () => {
    const bag: ImageBag = new Map();
    const url = `/api/v1/images/${PNG_HASH}.png`;
    expect(extractHtmlImages(`<IMG class="a" SRC = " ${PNG}" />`, 'content', bag)).toBe(
      `<IMG class="a" SRC = "${url}" />`,
    );
    expect(extractHtmlImages(`<img\nsrc='${PNG}'>`, 'content', bag)).toBe(`<img\nsrc='${url}'>`);
    // not a picture: another element, an attribute merely ending in src, data: outside src, or no closing quote
    const untouched = [
      `<imgx src="${PNG}">`,
      `<img data-src="${PNG}">`,
      `<img alt="data:x">`,
      `<img src="${PNG}`,
      `<p>data:</p>`,
    ];
    for (const html of untouched) expect(extractHtmlImages(html, 'content', bag)).toBe(html);
    // a '>' ends the tag: a src after it is text, as before
    expect(extractHtmlImages(`<img alt=">" src="${PNG}">`, 'content', bag)).toBe(`<img alt=">" src="${PNG}">`);
  });

  it('leaves the pathological "<img"×4998 + "data:" text as it is (it blocked the event loop ~20 s per 2 MB before)', () => {
    const text = `${'<img'.repeat(4998)}data:`;
    expect(extractHtmlImages(text, 'content', new Map())).toBe(text);
    const spaced = `${'<img src= '.repeat(2000)}"data:`;
    expect(extractHtmlImages(spaced, 'content', new Map())).toBe(spaced);
  });

  it('refuses an inline picture of another type with a ContentError', () => {
    expect(() =>
      extractHtmlImages(`<img src="data:image/svg+xml;base64,${b64('<svg/>')}">`, 'content', new Map()),
    ).toThrow(/not accepted/);
  });
});

describe('extractContentImages', () => {
  it('moves n_pict data URLs and inline pictures out of a content map, keeping other values', async () => {
    const { content, images } = await extractContentImages({
      '1': 'Soal <img src="' + GIF + '">',
      '1_a': 'a',
      '1_pict': PNG,
      '2_pict': PNG,
      '3_pict': `/api/v1/images/${PNG_HASH}.png`,
    });
    expect(content['1_pict']).toBe(`/api/v1/images/${PNG_HASH}.png`);
    expect(content['2_pict']).toBe(content['1_pict']);
    expect(content['3_pict']).toBe(content['1_pict']);
    expect(content['1']).toMatch(/^Soal <img src="\/api\/v1\/images\/[0-9a-f]{64}\.gif">$/);
    expect(content['1_a']).toBe('a');
    expect(images.map((i) => i.mime).sort()).toEqual(['image/gif', 'image/png']);
  });
});

describe('takeValidPictures', () => {
  it('takes valid pictures out of HTML still to be sanitized and leaves anything else for the sanitizer', async () => {
    const bag: ImageBag = new Map();
    const svg = 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=';
    const html = `<p><img src="${PNG}"><img src="${svg}"><img src="data:image/png;base64,bm90IGEgcG5n"></p>`;
    const out = await takeValidPictures(html, 'content', bag);
    expect(out).toBe(
      `<p><img src="/api/v1/images/${PNG_HASH}.png"><img src="${svg}"><img src="data:image/png;base64,bm90IGEgcG5n"></p>`,
    );
    expect([...bag.keys()]).toEqual([PNG_HASH]);
  });
});
