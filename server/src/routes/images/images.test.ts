import { buildTestApp, type TestApp } from '../../../test/helpers';
import { openWindow } from '../../../test/reliability/world';
import {
  CAMERA,
  dataUrl,
  decodeJpeg,
  GPS_TEXT,
  greyPng,
  jpegMetadataSegments,
  phoneJpeg,
  pngHeaderOnly,
} from '../../../test/pictures';

jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG_BYTES = Buffer.from(PNG.split(',')[1], 'base64');
const IMAGE_URL = /^\/api\/v1\/images\/[0-9a-f]{64}\.png$/;
const question = (pict: string) => ({
  '1': 'Gambar apa ini?',
  '1_a': 'a',
  '1_b': 'b',
  '1_c': 'c',
  '1_d': 'd',
  '1_answer': 'a',
  '1_pict': pict,
});

async function saveExam(content: Record<string, string>, classIndex = 0) {
  const cls = t.fixture.classes[classIndex];
  const who = classIndex === 0 ? 'teacher' : 'teacher2';
  const existing = await t.injectWithLogin(who, { method: 'GET', url: `/api/v1/exams?class_id=${cls.id}` });
  const id = existing.json()[0]?.id as number | undefined;
  const payload = { title: 'Ujian', total_marks: 100, class_id: cls.id, content, ...openWindow() };
  return id
    ? t.injectWithLogin(who, { method: 'PUT', url: `/api/v1/exams?id=${id}`, payload })
    : t.injectWithLogin(who, { method: 'POST', url: '/api/v1/exams', payload });
}

describe('pictures taken out of saved content', () => {
  it('an exam picture becomes an image URL that anyone can fetch, with long-lived cache headers', async () => {
    const res = await saveExam(question(PNG));
    expect(res.statusCode).toBe(200);
    // The address carries the picture's width and height as fragment (pictures sized for phones).
    const pict = res.json().content['1_pict'] as string;
    expect(pict).toMatch(/#1x1$/);
    const url = pict.replace(/#1x1$/, '');
    expect(url).toMatch(IMAGE_URL);

    const student = await t.injectWithLogin('student', {
      method: 'GET',
      url: `/api/v1/exams?class_id=${t.fixture.classes[0].id}`,
    });
    expect(student.json()[0].content['1_pict']).toBe(pict);

    const img = await t.app.inject({ method: 'GET', url }); // no token: an <img> cannot send one
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    // The app's policy and a strict one: a browser enforces both, so nothing in the response can load or run.
    expect(img.headers['content-security-policy']).toEqual([
      expect.stringContaining("script-src 'self'"),
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    ]);
    const etag = img.headers.etag as string;
    expect(etag).toBe(`"${url.slice('/api/v1/images/'.length, -'.png'.length)}"`);

    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
  });

  it('a teacher re-saving content that holds image URLs keeps them; the same picture is stored once', async () => {
    const first = (await saveExam(question(PNG))).json().content['1_pict'] as string;
    const resaved = await saveExam(question(first));
    expect(resaved.statusCode).toBe(200);
    expect(resaved.json().content['1_pict']).toBe(first);
    const rows = await t.app.db.selectFrom('images').select(['hash', 'size', 'mime']).execute();
    expect(rows.filter((r) => first.includes(r.hash))).toEqual([
      { hash: expect.any(String), size: PNG_BYTES.length, mime: 'image/png' },
    ]);
  });

  it('refuses other types, fake pictures and oversize pictures with a clear 400, storing nothing', async () => {
    const before = (await t.app.db.selectFrom('images').select('hash').execute()).length;
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`;
    const fake = `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`;
    const huge = `data:image/png;base64,${Buffer.concat([PNG_BYTES, Buffer.alloc(1_600_000)]).toString('base64')}`;
    for (const [pict, message] of [
      [svg, /1_pict/],
      [fake, /not a PNG file/],
      [huge, /too large/],
    ] as const) {
      const res = await saveExam(question(pict), 1);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: expect.any(String),
        message: expect.stringMatching(message),
        code: expect.any(String),
        params: expect.any(Object),
      });
    }
    const material = (html: string) =>
      t.injectWithLogin('teacher', {
        method: 'POST',
        url: '/api/v1/materials',
        payload: { title: 'M', description: 'd', content: html, class_id: t.fixture.classes[0].id },
      });
    const fakeInMaterial = await material(`<p><img src="${fake}"></p>`);
    expect(fakeInMaterial.statusCode).toBe(400);
    expect(fakeInMaterial.json().message).toBe('content: the image data is not a PNG file');
    // Other types in material HTML are dropped by the sanitizer, as before (hostile-input.test.ts relies on it).
    const dropped = await material(
      `<p>a<img src="data:text/html;base64,${Buffer.from('<script>1</script>').toString('base64')}"><img src="${svg}"></p>`,
    );
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json().content).toBe('<p>a</p>');
    expect((await t.app.db.selectFrom('images').select('hash').execute()).length).toBe(before);
  });

  it('a phone photo comes back without its EXIF GPS position, camera or other metadata, still a JPEG of its size', async () => {
    const phone = phoneJpeg(6);
    for (const save of [
      async () => (await saveExam(question(dataUrl('image/jpeg', phone)))).json().content['1_pict'] as string,
      async () => {
        const res = await t.injectWithLogin('teacher', {
          method: 'POST',
          url: '/api/v1/materials',
          payload: {
            title: 'Foto',
            description: 'd',
            content: `<p><img src="${dataUrl('image/jpeg', phone)}"></p>`,
            class_id: t.fixture.classes[0].id,
          },
        });
        return /src="([^"]+)"/.exec(res.json().content)![1];
      },
    ]) {
      const url = await save();
      expect(url).toMatch(/^\/api\/v1\/images\/[0-9a-f]{64}\.jpg(?:#8x16)?$/); // shown upright (EXIF 6): 8 wide
      const img = await t.app.inject({ method: 'GET', url });
      expect(img.statusCode).toBe(200);
      expect(img.rawPayload.includes(Buffer.from(GPS_TEXT))).toBe(false);
      expect(img.rawPayload.includes(Buffer.from(CAMERA))).toBe(false);
      // One EXIF block is left, holding the orientation alone (32 bytes), so the photo still shows upright.
      expect(jpegMetadataSegments(img.rawPayload).map(([marker, body]) => [marker, body.length])).toEqual([
        [0xe1, 32],
        [0xe0, 14],
      ]);
      expect(decodeJpeg(img.rawPayload)).toMatchObject({ width: 16, height: 8 });
    }
  });

  it('refuses a 97 KB PNG of 10000 × 10000 pixels and a 2^31 × 2^31 header by their headers, storing nothing', async () => {
    const before = (await t.app.db.selectFrom('images').select('hash').execute()).length;
    for (const [png, width] of [
      [greyPng(10_000, 10_000), 10_000],
      [pngHeaderOnly(2 ** 31, 2 ** 31), 2 ** 31],
    ] as const) {
      const res = await saveExam(question(dataUrl('image/png', png)), 1);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: expect.any(String),
        message: `content["1_pict"]: the image is ${width} × ${width} pixels (max 4096 pixels on each side)`,
        code: 'image-too-many-pixels',
        params: { field: 'content["1_pict"]', width, height: width, limit: 4096 },
      });
      const inMaterial = await t.injectWithLogin('teacher', {
        method: 'POST',
        url: '/api/v1/materials',
        payload: {
          title: 'M',
          description: 'd',
          content: `<p><img src="${dataUrl('image/png', png)}"></p>`,
          class_id: t.fixture.classes[0].id,
        },
      });
      expect(inMaterial.statusCode).toBe(400);
      expect(inMaterial.json().code).toBe('image-too-many-pixels');
    }
    expect((await t.app.db.selectFrom('images').select('hash').execute()).length).toBe(before);
  });

  it('profile pictures: cleaned of EXIF/GPS and checked like every other picture, for students and teachers', async () => {
    const phone = phoneJpeg(6);
    const people = [
      {
        url: '/api/v1/students',
        body: (i: number) => ({ name: `Foto ${i}`, nis: `20249990${i}`, grade: 10, status: 'Active' }),
      },
      {
        url: '/api/v1/teachers',
        body: (i: number) => ({
          name: `Guru Foto ${i}`,
          nip: `19850101201001900${i}`,
          specialization: 'Fisika',
          status: 'Active',
        }),
      },
    ];
    for (const [i, person] of people.entries()) {
      const res = await t.injectWithLogin('admin', {
        method: 'POST',
        url: person.url,
        payload: { ...person.body(i), profile_picture_url: dataUrl('image/jpeg', phone) },
      });
      expect(res.statusCode).toBe(200);
      const stored = res.json().profile_picture_url as string;
      expect(stored).toMatch(/^data:image\/jpeg;base64,/);
      const bytes = Buffer.from(stored.slice(stored.indexOf(',') + 1), 'base64');
      expect(bytes.includes(Buffer.from(GPS_TEXT))).toBe(false);
      expect(bytes.includes(Buffer.from(CAMERA))).toBe(false);
      expect(jpegMetadataSegments(bytes).map(([marker, body]) => [marker, body.length])).toEqual([
        [0xe1, 32],
        [0xe0, 14],
      ]);
      expect(decodeJpeg(bytes)).toMatchObject({ width: 16, height: 8 });
      // The same on an update (PUT), and refusals name the field: too many pixels, not the type it says, too large.
      const id = res.json().id as number;
      for (const [picture, code] of [
        [dataUrl('image/png', greyPng(10_000, 10_000)), 'image-too-many-pixels'],
        [dataUrl('image/png', phone), 'not-an-image'],
        // past 1.5 MB of picture (2,000,000 characters of base64): refused by the route's schema before decoding
        [`data:image/jpeg;base64,${'A'.repeat(2_000_000)}`, 'validation-too-long'],
        ['data:image/svg+xml;base64,PHN2Zz4=', 'image-type-not-accepted'],
      ] as const) {
        const refused = await t.injectWithLogin('admin', {
          method: 'PUT',
          url: `${person.url}?id=${id}`,
          payload: { ...person.body(i), profile_picture_url: picture },
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ code, params: { field: 'profile_picture_url' } });
      }
      const kept = await t.injectWithLogin('admin', {
        method: 'PUT',
        url: `${person.url}?id=${id}`,
        payload: { ...person.body(i), profile_picture_url: null },
      });
      expect(kept.json().profile_picture_url).toBeNull();
    }
  });

  it('material HTML: inline pictures become image URLs that survive sanitizing', async () => {
    const res = await t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/materials',
      payload: {
        title: 'M',
        description: 'd',
        content: `<p>Lihat <img src="${PNG}" alt="gambar"><img src="x" onerror="alert(1)"></p>`,
        class_id: t.fixture.classes[0].id,
      },
    });
    expect(res.statusCode).toBe(200);
    const src = /<img width="1" height="1" src="([^"]+)" alt="gambar" \/>/.exec(res.json().content)?.[1];
    expect(src).toMatch(IMAGE_URL);
    expect(res.json().content).not.toContain('onerror');
    expect((await t.app.inject({ method: 'GET', url: src! })).statusCode).toBe(200);
  });

  it('unknown names, wrong extensions and odd names are 404 {error, message}', async () => {
    const url = ((await saveExam(question(PNG))).json().content['1_pict'] as string).replace(/#.*/, '');
    for (const bad of [
      url.replace('.png', '.gif'),
      `/api/v1/images/${'a'.repeat(64)}.png`,
      '/api/v1/images/..%2f..%2fetc%2fpasswd',
      '/api/v1/images/x.svg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: bad });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: expect.any(String),
        message: expect.any(String),
        code: expect.any(String),
        params: expect.anything(),
      });
    }
  });
});
