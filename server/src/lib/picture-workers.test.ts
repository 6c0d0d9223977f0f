import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE_PX } from '@kelasku/shared-rules';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { openWindow } from '../../test/reliability/world';
import {
  dataUrl,
  gifWithComment,
  GPS_TEXT,
  greyPng,
  phoneJpeg,
  pngChunk,
  pngHeaderOnly,
  webpWithExif,
} from '../../test/pictures';
import * as pictureBytes from '../domain/picture-bytes';
import { decodeImageDataUrl } from '../domain/picture-data-urls';
import { OFF_THREAD_PICTURE_CHARS, PictureWorkers } from './picture-workers';

jest.setTimeout(120_000);

/** A picture of noise, different for each call, whose data URL is far past the main-thread limit in every format. */
async function photo(format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  const side = 320;
  const raw = crypto.randomBytes(side * side * 3);
  const image = sharp(raw, { raw: { width: side, height: side, channels: 3 } });
  if (format === 'jpeg')
    return image
      .jpeg({ quality: 95 })
      .withExif({ IFD0: { Make: 'Kamera', Model: 'HP' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 12/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
  return format === 'png' ? image.png().toBuffer() : image.webp({ quality: 95 }).toBuffer();
}

/** The main thread's answer, or its refusal as the thread must give it back. */
function onMainThread(url: string): unknown {
  try {
    const { hash, mime, data } = decodeImageDataUrl(url, 'content["1_pict"]');
    return { hash, mime, data: data.toString('base64') };
  } catch (e) {
    return { refused: (e as Error).message, extra: (e as { extra?: unknown }).extra };
  }
}

async function onThread(pool: PictureWorkers, url: string): Promise<unknown> {
  try {
    const { hash, mime, data } = await pool.decode(url, 'content["1_pict"]');
    return { hash, mime, data: data.toString('base64') };
  } catch (e) {
    return { refused: (e as Error).message, extra: (e as { extra?: unknown }).extra };
  }
}

/** Pictures to take (every format, with metadata to drop) and to refuse (each rule of decodeImageDataUrl). */
async function corpus(): Promise<string[]> {
  const text = Buffer.from(`tEXt-comment ${GPS_TEXT}`);
  return [
    dataUrl('image/jpeg', phoneJpeg()),
    dataUrl('image/png', greyPng(40, 30, [pngChunk('tEXt', text)])),
    dataUrl('image/gif', gifWithComment(3, 2)),
    dataUrl('image/webp', webpWithExif(5, 4)),
    dataUrl('image/jpeg', await photo('jpeg')),
    dataUrl('image/png', await photo('png')),
    dataUrl('image/webp', await photo('webp')),
    ` ${dataUrl('image/png', greyPng(2, 2))}\n`,
    dataUrl('image/png', pngHeaderOnly(MAX_IMAGE_SIDE_PX + 1, 10)),
    dataUrl('image/png', pngHeaderOnly(2 ** 31, 2 ** 31)),
    dataUrl('image/jpeg', greyPng(2, 2)),
    dataUrl('image/svg+xml', Buffer.from('<svg/>')),
    'data:image/png;base64,@@@@',
    'data:image/png,plain',
    dataUrl('image/png', Buffer.concat([greyPng(2, 2).subarray(0, 40)])),
    dataUrl('image/png', Buffer.alloc(MAX_IMAGE_BYTES + 10, 1)),
  ];
}

describe('the same picture on a thread as on the main thread', () => {
  let pool: PictureWorkers;
  beforeAll(() => {
    pool = new PictureWorkers({ size: 1, offThreadChars: 0 });
  });
  afterAll(async () => {
    await pool.close();
  });

  it('gives every picture the same bytes and hash, and every refusal the same message and details', async () => {
    const urls = await corpus();
    const answers = [];
    for (const url of urls) {
      const expected = onMainThread(url);
      expect(await onThread(pool, url)).toEqual(expected);
      answers.push(expected);
    }
    // both kinds are in the corpus: pictures taken, and each way of refusing one
    expect(answers.filter((a) => (a as { hash?: string }).hash).length).toBe(8);
    expect(new Set(answers.map((a) => (a as { extra?: { code: string } }).extra?.code))).toEqual(
      new Set([undefined, 'image-too-many-pixels', 'not-an-image', 'image-type-not-accepted', 'image-too-large']),
    );
  });

  it('decodes on the thread, not on the main thread (whose cleanPicture is never called); small ones on the main thread', async () => {
    const url = dataUrl('image/jpeg', await photo('jpeg'));
    const expected = onMainThread(url);
    const mainThread = jest.spyOn(pictureBytes, 'cleanPicture');
    const mixed = new PictureWorkers({ size: 1 });
    try {
      expect(url.length).toBeGreaterThan(OFF_THREAD_PICTURE_CHARS);
      expect(await onThread(mixed, url)).toEqual(expected);
      expect(mainThread).not.toHaveBeenCalled();
      expect(mixed.threadCount).toBe(1);
      const small = dataUrl('image/png', greyPng(2, 2));
      expect(await onThread(mixed, small)).toEqual(onMainThread(small));
      expect(mainThread).toHaveBeenCalledTimes(2); // the line above, and the main thread's own call of onMainThread
    } finally {
      mainThread.mockRestore();
      await mixed.close();
    }
  });
});

describe('uploads through the routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("an exam's picture, a material's inline picture and a profile picture are decoded on threads, stored as the main thread would store them", async () => {
    const [jpeg, png, webp] = [await photo('jpeg'), await photo('png'), await photo('webp')];
    for (const data of [jpeg, png, webp])
      expect(dataUrl('image/png', data).length).toBeGreaterThan(OFF_THREAD_PICTURE_CHARS);
    const expected = (mime: string, data: Buffer) => decodeImageDataUrl(dataUrl(mime, data), 'x');
    // what the main thread would store, worked out before watching it
    const [fromExam, fromMaterial, fromProfile] = [
      expected('image/jpeg', jpeg),
      expected('image/png', png),
      expected('image/webp', webp),
    ];
    const mainThread = jest.spyOn(pictureBytes, 'cleanPicture');
    try {
      const exam = await t.injectWithLogin('teacher', {
        method: 'POST',
        url: '/api/v1/exams',
        payload: {
          title: 'UH Foto',
          total_marks: 100,
          class_id: t.fixture.classes[0].id,
          ...openWindow(),
          content: {
            '1': 'Apa?',
            '1_a': 'a',
            '1_b': 'b',
            '1_c': 'c',
            '1_d': 'd',
            '1_answer': 'a',
            '1_pict': dataUrl('image/jpeg', jpeg),
          },
        },
      });
      expect(exam.statusCode).toBe(200);
      const material = await t.injectWithLogin('teacher', {
        method: 'POST',
        url: '/api/v1/materials',
        payload: {
          title: 'Foto',
          description: 'd',
          content: `<p>Lihat:</p><p><img src="${dataUrl('image/png', png)}"></p>`,
          class_id: t.fixture.classes[0].id,
        },
      });
      expect(material.statusCode).toBe(200);
      const teacher = await t.injectWithLogin('admin', {
        method: 'POST',
        url: '/api/v1/teachers',
        payload: {
          name: 'Guru Foto',
          nip: '199001012020011001',
          specialization: 'Biologi',
          status: 'Active',
          profile_picture_url: dataUrl('image/webp', webp),
        },
      });
      expect(teacher.statusCode).toBe(200);
      expect(mainThread).not.toHaveBeenCalled();

      const stored = async (hash: string) =>
        t.db.selectFrom('images').select(['mime', 'data']).where('hash', '=', hash).executeTakeFirst();
      expect(exam.json().content['1_pict']).toContain(`${fromExam.hash}.jpg`);
      expect(Buffer.from((await stored(fromExam.hash))!.data).equals(fromExam.data)).toBe(true);
      expect(fromExam.data.includes(Buffer.from('Kamera'))).toBe(false); // the EXIF went
      expect(material.json().content).toContain(`${fromMaterial.hash}.png`);
      expect(Buffer.from((await stored(fromMaterial.hash))!.data).equals(fromMaterial.data)).toBe(true);
      expect(teacher.json().profile_picture_url).toBe(dataUrl('image/webp', fromProfile.data));

      // refused by the pixel limit on the thread, with the main thread's 400
      const huge = await t.injectWithLogin('admin', {
        method: 'POST',
        url: '/api/v1/students',
        payload: {
          name: 'Siswa',
          nis: '2099000001',
          grade: 10,
          status: 'Active',
          profile_picture_url: dataUrl(
            'image/png',
            Buffer.concat([pngHeaderOnly(10_000, 10_000), Buffer.alloc(70_000)]),
          ),
        },
      });
      expect(huge.statusCode).toBe(400);
      expect(huge.json()).toMatchObject({ code: 'image-too-many-pixels' });
      expect(mainThread).not.toHaveBeenCalled();
    } finally {
      mainThread.mockRestore();
    }
  });
});

it('runs as built for the server (server/dist/picture-thread.js)', async () => {
  const { buildServer } = jest.requireActual<typeof import('../../../scripts/build-server')>(
    '../../../scripts/build-server',
  );
  const outdir = fs.mkdtempSync(path.join(__dirname, '..', '..', '.build-test-'));
  try {
    await buildServer(path.join(__dirname, '..', '..', '..'), outdir);
    const pool = new PictureWorkers({ size: 1, offThreadChars: 0, file: path.join(outdir, 'picture-thread.js') });
    try {
      const url = dataUrl('image/jpeg', phoneJpeg());
      expect(await onThread(pool, url)).toEqual(onMainThread(url));
      const huge = dataUrl('image/png', pngHeaderOnly(MAX_IMAGE_SIDE_PX + 1, 1));
      expect(await onThread(pool, huge)).toEqual(onMainThread(huge));
    } finally {
      await pool.close();
    }
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
}, 120_000);
