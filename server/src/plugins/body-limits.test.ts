/**
 * Per-route body limits (plugins/body-limits.ts, sizes in domain/limits.ts): routes anyone may call have a small
 * limit, refused with 413 before the body is parsed; on a guarded route a caller its guard turns away hears the
 * guard's 401/403 before the body is read; signed-in callers the route serves keep their route's limit.
 */
import { Readable } from 'node:stream';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { BODY_LIMITS, MAX_BODY_VALUES } from '../domain/limits';
import { OFF_THREAD_JSON_BYTES } from './body-limits';
import { greyPng, pngChunk } from '../../test/pictures';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const json = (bytes: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ ...extra, pad: 'x'.repeat(bytes) });
const tooLarge = (limit: string) => ({
  error: `Request body is too large (max ${limit} here)`,
  message: `Request body is too large (max ${limit} here)`,
  code: 'payload-too-large',
  params: { limit },
});

describe('requests without a token', () => {
  it('POST /auth with a 100 KB body is refused with 413 before parsing', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { 'content-type': 'application/json' },
      payload: json(100_000, { username: 'admin', password: 'x' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(tooLarge('16 KB'));
  });

  it("a 1 MB body to a signed-in route, without a token or with a forged one, is refused with the guard's 401", async () => {
    for (const [authorization, expected] of [
      [undefined, { code: 'token-missing', error: 'Missing token', message: 'Missing token' }],
      ['Bearer not-a-token', { code: 'session-expired', error: 'Invalid token', message: 'Invalid token' }],
    ] as const) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/v1/materials',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        payload: json(1_000_000),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(expected);
    }
  });

  it('a body to an unknown URL has the small limit', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/ping',
      headers: { 'content-type': 'application/json' },
      payload: json(100_000),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(tooLarge('16 KB'));
  });

  it('a chunked body without Content-Length is cut off at the limit too', async () => {
    const body = Readable.from([json(BODY_LIMITS.unauthenticated)]);
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      payload: body,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(tooLarge('16 KB'));
  });

  it('a normal login still works', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'admin', password: 'admin-pass-1' },
    });
    expect(res.statusCode).toBe(200);
  });
});

/** A body that sends its first bytes and then never ends: only a reply given before the body is read can come. */
function endlessBody() {
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent === 0) this.push('{"content":[0,0,0');
      sent += 1;
    },
  });
  return stream;
}
/** The reply, or 'no reply' when none came within `ms` (the server was waiting for the rest of the body). */
const within = <T>(ms: number, promise: Promise<T>) =>
  Promise.race([promise, new Promise<'no reply'>((resolve) => setTimeout(() => resolve('no reply'), ms).unref())]);

describe('a caller the route does not serve is refused before the body is read', () => {
  const teacherOnly = {
    method: 'POST',
    url: '/api/v1/exercises',
    headers: { 'content-type': 'application/json', 'content-length': String(10 * 1024 * 1024) },
  } as const;

  it("a student sending a 10 MB body to a teacher-only route hears the guard's 403 at once", async () => {
    const token = await t.tokenFor('student');
    const res = await within(
      5_000,
      t.inject({
        ...teacherOnly,
        headers: { ...teacherOnly.headers, authorization: `Bearer ${token}` },
        payload: endlessBody(),
      }),
    );
    expect(res).not.toBe('no reply');
    if (res === 'no reply') return;
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'forbidden',
      error: 'Forbidden: Teachers and Admins only',
      message: 'Forbidden: Teachers and Admins only',
    });
  });

  it("an expired token, and no token, hear the guard's 401 at once", async () => {
    const expired = t.app.jwt.sign({
      user_id: t.fixture.students[0].user_id,
      role: 'student',
      student_id: t.fixture.students[0].id,
      email: 'x',
      display_name: 'x',
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    for (const headers of [{ authorization: `Bearer ${expired}` }, {}]) {
      const res = await within(
        5_000,
        t.inject({ ...teacherOnly, headers: { ...teacherOnly.headers, ...headers }, payload: endlessBody() }),
      );
      expect(res).not.toBe('no reply');
      if (res === 'no reply') return;
      expect(res.statusCode).toBe(401);
    }
  });

  it('an ended session of a student hears 401 (as from the guard), not 403', async () => {
    const token = await t.tokenFor('student2');
    await t.db
      .updateTable('users')
      .set({ session_version: 5 })
      .where('id', '=', t.fixture.students[1].user_id)
      .execute();
    const res = await within(
      5_000,
      t.inject({
        ...teacherOnly,
        headers: { ...teacherOnly.headers, authorization: `Bearer ${token}` },
        payload: endlessBody(),
      }),
    );
    expect(res).not.toBe('no reply');
    if (res === 'no reply') return;
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('session-expired');
  });

  it('a body-less request still meets the guard in its usual place', async () => {
    const res = await t.injectWithLogin('student', { method: 'DELETE', url: '/api/v1/exercises?id=1' });
    expect(res.statusCode).toBe(403);
  });
});

describe('a JSON body is parsed only when it holds at most MAX_BODY_VALUES values', () => {
  const tooMany = {
    code: 'body-too-many-values',
    params: { limit: MAX_BODY_VALUES },
    error: `Request body holds too many values (max ${MAX_BODY_VALUES})`,
    message: `Request body holds too many values (max ${MAX_BODY_VALUES})`,
  };

  it.each([
    ['empty objects', `{"title":"L","total_marks":100,"material_id":1,"content":[${'{},'.repeat(MAX_BODY_VALUES)}{}]}`],
    ['zeros', `{"title":"L","total_marks":100,"material_id":1,"content":[${'0,'.repeat(MAX_BODY_VALUES)}0]}`],
    ['nested arrays', `{"content":${'['.repeat(MAX_BODY_VALUES)}${']'.repeat(MAX_BODY_VALUES)}}`],
  ])("a teacher's body of %s within the 10 MB limit is refused unparsed with 413", async (_what, payload) => {
    expect(payload.length).toBeLessThan(BODY_LIMITS.withImages);
    const res = await t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/exercises',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(tooMany);
  });

  it("prototype poisoning is still refused by Fastify's own JSON parsing", async () => {
    const res = await t.injectWithLogin('admin', {
      method: 'POST',
      url: '/api/v1/classes',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"X","grade":10,"__proto__":{"x":1}}',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("a large body (a teacher's material or exam) is parsed on a worker thread, with the same answers", () => {
  const material = (content: string, extra = '') =>
    `{"title":"Besar","description":"d","class_id":${t.fixture.classes[0].id},"content":${JSON.stringify(content)}${extra}}`;
  const post = (payload: string) =>
    t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/materials',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('a 2 MB material is stored, and its body was not parsed on the main thread', async () => {
    const html = `<p>${'Sel hewan 🌱 '.repeat(70_000)}</p>`;
    expect(material(html).length).toBeGreaterThan(OFF_THREAD_JSON_BYTES);
    const parse = jest.spyOn(JSON, 'parse');
    const res = await post(material(html));
    const onMain = parse.mock.calls.filter(([text]) => typeof text === 'string' && text.length > OFF_THREAD_JSON_BYTES);
    parse.mockRestore();
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBe(html);
    expect(onMain).toHaveLength(0);
  });

  it('refuses as before: NUL or a lone surrogate (400 invalid-text), too many values (413), poisoning and malformed JSON (400)', async () => {
    const padding = 'x'.repeat(OFF_THREAD_JSON_BYTES);
    const nul = await post(material(`<p>${padding}\u0000</p>`));
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'invalid-text' });
    const lone = await post(material(`<p>${padding}</p>`, ',"note":"\\ud800"'));
    expect(lone.statusCode).toBe(400);
    expect(lone.json()).toMatchObject({ code: 'invalid-text' });
    const many = await post(material(padding, `,"x":[${'0,'.repeat(MAX_BODY_VALUES)}0]`));
    expect(many.statusCode).toBe(413);
    expect(many.json()).toMatchObject({ code: 'body-too-many-values' });
    const poisoned = await post(material(padding, ',"__proto__":{"x":1}'));
    expect(poisoned.statusCode).toBe(400);
    const broken = await post(material(padding).slice(0, -2));
    expect(broken.statusCode).toBe(400);
    expect(await t.db.selectFrom('materials').select('id').where('title', '=', 'Besar').execute()).toHaveLength(1);
  });
});

describe('signed-in requests keep their route limit', () => {
  it('a chunked body over the route limit is a 413 naming it', async () => {
    const res = await t.injectWithLogin('admin', {
      method: 'POST',
      url: '/api/v1/classes',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      payload: Readable.from([json(BODY_LIMITS.standard, { name: 'X', grade: 10 })]),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(tooLarge('256 KB'));
  });

  it('a route without pictures refuses a body over 256 KB with 413', async () => {
    const res = await t.injectWithLogin('admin', {
      method: 'POST',
      url: '/api/v1/classes',
      headers: { 'content-type': 'application/json' },
      payload: json(BODY_LIMITS.standard, { name: 'X', grade: 10 }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(tooLarge('256 KB'));
  });

  it('an answers map of 300 KB is saved (answers have a larger limit)', async () => {
    const ex = await t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/materials',
      payload: { title: 'M', description: 'd', content: '<p>x</p>', class_id: t.fixture.classes[0].id },
    });
    const materialId = ex.json().id;
    const content = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`${i + 1}_essay`, `Soal ${i + 1}`]));
    const exercise = await t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/exercises',
      payload: { title: 'L', total_marks: 100, material_id: materialId, content },
    });
    expect(exercise.statusCode).toBe(200);
    const answers = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`${i + 1}`, 'jawaban '.repeat(1_900)]));
    expect(JSON.stringify(answers).length).toBeGreaterThan(300_000);
    const sheet = await t.injectWithLogin('student', {
      method: 'POST',
      url: '/api/v1/exercises-answers',
      payload: { exercise_id: exercise.json().id },
    });
    expect(sheet.statusCode).toBe(200);
    const res = await t.injectWithLogin('student', {
      method: 'PUT',
      url: `/api/v1/exercises-answers?id=${sheet.json().id}`,
      payload: { answers },
    });
    expect(res.statusCode).toBe(200);
  });

  it('a picture route accepts a body far over 256 KB (a profile picture of 1 MB)', async () => {
    // a real PNG (profile pictures are checked like any other), 1 MB with a text chunk the server takes out
    const png = greyPng(64, 64, [pngChunk('tEXt', Buffer.alloc(1_000_000, 0x41))]);
    const res = await t.injectWithLogin('admin', {
      method: 'PUT',
      url: `/api/v1/teachers?id=${t.fixture.teachers[0].id}`,
      payload: {
        name: 'Guru',
        nip: t.fixture.teachers[0].nip,
        specialization: 'Matematika',
        status: 'Aktif',
        profile_picture_url: `data:image/png;base64,${png.toString('base64')}`,
      },
    });
    expect(res.statusCode).not.toBe(413);
    expect(res.statusCode).toBe(200);
    const tooBig = await t.injectWithLogin('admin', {
      method: 'PUT',
      url: `/api/v1/teachers?id=${t.fixture.teachers[0].id}`,
      headers: { 'content-type': 'application/json' },
      payload: json(BODY_LIMITS.withProfilePicture, { name: 'Guru' }),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual(tooLarge('2.5 MB'));
  });
});
