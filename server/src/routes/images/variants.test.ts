import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { openWindow } from '../../../test/reliability/world';
import { dataUrl } from '../../../test/pictures';
import { pictureSources } from '@kelasku/shared-rules/src/picture-variants';
import { materialBytes } from '../../domain/material-bytes';
import { sizePicturesInStoredContent, sizePictureVariantsOfStored } from '../../make-picture-variants';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A photo-like JPEG (noise compresses like a photo), `width` × `height`. */
async function photo(width: number, height: number, orientation?: number): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 5) * 104729) & 0xff;
  const image = sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 });
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('pictures sized for phones', () => {
  it('a material photo gets WebP and JPEG copies of 480 and 960 px, and its tag its width and height', async () => {
    const big = await photo(1600, 1200);
    const res = await t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/materials',
      payload: {
        title: 'Foto',
        description: '',
        content: `<p><img src="${dataUrl('image/jpeg', big)}" width="5" height="9999"></p>`,
        class_id: t.fixture.classes[0].id,
      },
    });
    expect(res.statusCode).toBe(200);
    const m = /<img width="1600" height="1200" src="\/api\/v1\/images\/([0-9a-f]{64})\.jpg" \/>/.exec(
      res.json().content,
    );
    expect(m).not.toBeNull();
    const hash = m![1];
    const original = await get(`/api/v1/images/${hash}.jpg`);
    for (const [name, type, width] of [
      [`${hash}-480.webp`, 'image/webp', 480],
      [`${hash}-480.jpg`, 'image/jpeg', 480],
      [`${hash}-960.webp`, 'image/webp', 960],
      [`${hash}-1600.webp`, 'image/webp', 1600],
    ] as const) {
      const v = await get(`/api/v1/images/${name}`);
      expect([name, v.statusCode, v.headers['content-type'], v.headers['cache-control']]).toEqual([
        name,
        200,
        type,
        'public, max-age=31536000, immutable',
      ]);
      expect(await sharp(v.rawPayload).metadata()).toMatchObject({ width, height: width * 0.75 });
      if (width === 480) expect(v.rawPayload.length).toBeLessThan(original.rawPayload.length / 4);
    }
    // No copy wider than the original, none of a width not made, and no name that is not a copy's.
    for (const name of [
      `${hash}-1600.jpg`,
      `${hash}-2000.webp`,
      `${hash}-480.gif`,
      `${hash}-0480.webp`,
      `${hash}-99999999.webp`,
      `${hash}-480.webp.jpg`,
      `${'0'.repeat(64)}-480.webp`,
    ]) {
      const r = await get(`/api/v1/images/${name}`);
      expect([name, r.statusCode]).toEqual([name, r.statusCode === 307 ? 307 : 404]);
      if (r.statusCode === 307) expect(r.headers.location).toBe(`/api/v1/images/${hash}.jpg`);
    }
  });

  it('an exam question photo taken turned (EXIF 6) has its upright size on its address, and upright copies', async () => {
    const turned = await photo(1200, 900, 6); // shown 900 wide, 1200 high
    const res = await t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/exams',
      payload: {
        title: 'UH',
        total_marks: 100,
        class_id: t.fixture.classes[0].id,
        ...openWindow(),
        content: {
          '1': 'Apa ini?',
          '1_a': 'a',
          '1_b': 'b',
          '1_c': 'c',
          '1_d': 'd',
          '1_answer': 'a',
          '1_pict': dataUrl('image/jpeg', turned),
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().content['1_pict'] as string;
    expect(url).toMatch(/^\/api\/v1\/images\/[0-9a-f]{64}\.jpg#900x1200$/);
    const student = await t.injectWithLogin('student', {
      method: 'GET',
      url: `/api/v1/exams?class_id=${t.fixture.classes[0].id}`,
    });
    expect(student.json()[0].content['1_pict']).toBe(url);
    const copy = await get(url.replace('.jpg#900x1200', '-480.webp'));
    expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ width: 480, height: 640 });
    // Saved again as it came back (the teacher edits the exam), the address stays as it is.
    const again = await t.injectWithLogin('teacher', {
      method: 'PUT',
      url: `/api/v1/exams?id=${res.json().id}`,
      payload: {
        title: 'UH',
        total_marks: 100,
        ...openWindow(),
        content: { ...res.json().content, '1_pict': url.replace(/#.*/, '') },
      },
    });
    expect(again.json().content['1_pict']).toBe(url);
  });

  it('refuses a size fragment that is not one (it is no stored picture address)', async () => {
    const res = await t.injectWithLogin('teacher2', {
      method: 'POST',
      url: '/api/v1/exams',
      payload: {
        title: 'UH',
        total_marks: 100,
        class_id: t.fixture.classes[1].id,
        ...openWindow(),
        content: {
          '1': 'Apa?',
          '1_a': 'a',
          '1_b': 'b',
          '1_c': 'c',
          '1_d': 'd',
          '1_answer': 'a',
          '1_pict': `/api/v1/images/${'a'.repeat(64)}.jpg#9x9"onerror=alert(1)`,
        },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'not-an-image' });
  });

  it('the one-off command makes the copies and size of pictures stored before, and is safe to run again', async () => {
    const old = await photo(1000, 500);
    const hash = 'f'.repeat(64);
    await t.app.db.insertInto('images').values({ hash, mime: 'image/jpeg', size: old.length, data: old }).execute();
    expect((await get(`/api/v1/images/${hash}-480.webp`)).statusCode).toBe(307); // the original meanwhile
    const first = await sizePictureVariantsOfStored(t.app.db);
    expect(first).toMatchObject({ sized: expect.any(Number), unreadable: [] });
    expect(first.sized).toBeGreaterThanOrEqual(1);
    const copy = await get(`/api/v1/images/${hash}-480.webp`);
    expect(copy.statusCode).toBe(200);
    expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ width: 480, height: 240 });
    expect(
      await t.app.db.selectFrom('images').select(['width', 'height']).where('hash', '=', hash).executeTakeFirst(),
    ).toEqual({ width: 1000, height: 500 });
    expect(await sizePictureVariantsOfStored(t.app.db)).toMatchObject({ sized: 0 });
  });

  it('the command also writes the sizes into content saved before, as a save writes them now, and is safe to run again', async () => {
    const old = await photo(1000, 500);
    const hash = 'e'.repeat(64);
    const url = `/api/v1/images/${hash}.jpg`;
    await t.app.db.insertInto('images').values({ hash, mime: 'image/jpeg', size: old.length, data: old }).execute();
    // Content as it was saved before the picture's size was known: a bare tag, an address without its size.
    const text = { title: 'Peta lama', description: '', content: `<p><img src="${url}" alt="Peta" /></p>` };
    const material = await t.app.db
      .insertInto('materials')
      .values({
        ...text,
        ...materialBytes(text),
        class_id: t.fixture.classes[0].id,
        teacher_id: t.fixture.teachers[0].id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const question = {
      '1': 'Di mana?',
      '1_a': 'a',
      '1_b': 'b',
      '1_c': 'c',
      '1_d': 'd',
      '1_answer': 'a',
      '1_pict': url,
    };
    const exercise = await t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/exercises',
      payload: { title: 'Latihan', total_marks: 100, material_id: material.id, content: question },
    });
    const exam = await t.injectWithLogin('teacher2', {
      method: 'POST',
      url: '/api/v1/exams',
      payload: { title: 'UH', total_marks: 100, class_id: t.fixture.classes[1].id, ...openWindow(), content: question },
    });
    expect([exercise.statusCode, exam.statusCode]).toEqual([200, 200]);
    expect(exam.json().content['1_pict']).toBe(url);

    await sizePictureVariantsOfStored(t.app.db);
    expect(await sizePicturesInStoredContent(t.app.db)).toEqual({ materials: 1, exercises: 1, exams: 1 });

    const served = await t.injectWithLogin('student', {
      method: 'GET',
      url: `/api/v1/materials/detail?id=${material.id}`,
    });
    expect(served.json().content).toBe(`<p><img width="1000" height="500" src="${url}" alt="Peta" /></p>`);
    // What the page then offers (shared-ui offerPictureCopies): the copies, which are there.
    const sources = pictureSources(url, 1000, 500)!;
    expect(sources.webpSrcset).toContain(`/api/v1/images/${hash}-480.webp 480w`);
    expect((await get(`/api/v1/images/${hash}-480.webp`)).statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('materials')
      .select(['list_bytes', 'image_refs', 'title', 'description', 'content'])
      .where('id', '=', material.id)
      .executeTakeFirstOrThrow();
    expect({ list_bytes: row.list_bytes, image_refs: row.image_refs }).toEqual(materialBytes(row));
    const studentExam = await t.injectWithLogin('student3', {
      method: 'GET',
      url: `/api/v1/exams?class_id=${t.fixture.classes[1].id}`,
    });
    expect(studentExam.json()[0].content['1_pict']).toBe(`${url}#1000x500`);
    const studentExercise = await t.injectWithLogin('student', {
      method: 'GET',
      url: `/api/v1/exercises?material_id=${material.id}`,
    });
    expect(studentExercise.json()[0].content['1_pict']).toBe(`${url}#1000x500`);

    const stored = async () => ({
      material: await t.app.db.selectFrom('materials').selectAll().where('id', '=', material.id).executeTakeFirst(),
      exam: await t.app.db.selectFrom('exams').selectAll().where('id', '=', exam.json().id).executeTakeFirst(),
      exercise: await t.app.db
        .selectFrom('exercises')
        .selectAll()
        .where('id', '=', exercise.json().id)
        .executeTakeFirst(),
    });
    const once = await stored();
    expect(await sizePicturesInStoredContent(t.app.db)).toEqual({ materials: 0, exercises: 0, exams: 0 });
    expect(await stored()).toEqual(once);
  });
});
