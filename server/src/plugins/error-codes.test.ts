import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { ERROR_CODES, genericErrorCode, isErrorCode } from '@kelasku/shared-rules';
import errorsPlugin, { badRequest, HttpError } from './errors';
import { clash, DomainError, invalid, missing, refused } from '../domain/errors';
import { ContentError } from '../domain/content';
import { decodeImageDataUrl } from '../domain/images';
import { formatWib } from '../domain/exam-window';
import { buildTestApp, type TestApp } from '../../test/helpers';

// Every failure body carries a stable `code` (shared-rules ERROR_CODES) beside the unchanged `error` and `message`,
// so a screen can show the reason in the user's language; values in the message come along in `params`.

const HOUR = 3600_000;

describe('codes through the real app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      app: {
        loginRateLimit: {
          max: 3,
          perAddressMax: 50,
          timeWindowMs: 60_000,
          accountDelay: { firstDelayMs: 30_000, maxDelayMs: 60_000, forgetAfterMs: 600_000 },
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const api = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    t.injectWithLogin(who, { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });

  it('a refused schema value: validation-… with the field and the limit', async () => {
    const res = await api('admin', 'POST', '/users', {
      username: 'short-password',
      email: 'short@example.com',
      password: 'short',
      role: 'user',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Password must be at least 8 characters.',
      message: 'Password must be at least 8 characters.',
      field: 'password',
      code: 'validation-too-short',
      params: { field: 'password', limit: 8 },
    });
    // the change-password route names its own rule (shared-rules passwordProblems), with its code
    const changed = await api('admin', 'POST', '/auth/change-password', { old_password: 'x', new_password: 'short' });
    expect(changed.json()).toMatchObject({ code: 'password-too-short', params: { limit: 8 } });
    const missingField = await api('admin', 'POST', '/auth/change-password', { new_password: 'long-enough' });
    expect(missingField.json()).toMatchObject({
      message: 'Current password is required.',
      code: 'validation-required',
      params: { field: 'old_password' },
    });
  });

  it('sign-in: a wrong password, a missing token, a token of no session, a wrong current password', async () => {
    const failed = await t.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'admin', password: 'nope' },
      remoteAddress: '10.7.0.1',
    });
    expect(failed.statusCode).toBe(401);
    expect(failed.json()).toEqual({
      error: 'Invalid username or password',
      message: 'Invalid username or password',
      code: 'login-failed',
    });
    const noToken = await t.inject({ method: 'GET', url: '/api/v1/classes' });
    expect(noToken.json()).toEqual({ error: 'Missing token', message: 'Missing token', code: 'token-missing' });
    const badToken = await t.inject({ method: 'GET', url: '/api/v1/classes', headers: { authorization: 'not-a-jwt' } });
    expect(badToken.json()).toEqual({ error: 'Invalid token', message: 'Invalid token', code: 'session-expired' });
    const wrongOld = await api('teacher', 'POST', '/auth/change-password', {
      old_password: 'not-it',
      new_password: 'a-new-password',
    });
    expect(wrongOld.json()).toEqual({
      error: 'Old password is incorrect',
      message: 'Old password is incorrect',
      code: 'wrong-current-password',
    });
  });

  it('too many sign-in attempts: too-many-attempts with the seconds to wait', async () => {
    const attempt = () =>
      t.inject({
        method: 'POST',
        url: '/api/v1/auth',
        payload: { username: 'no-such-account', password: 'nope' },
        remoteAddress: '10.7.0.2',
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    const body = limited.json();
    expect(body.code).toBe('too-many-attempts');
    expect(body.params).toEqual({ seconds: Number(limited.headers['retry-after']) });
    expect(body.message).toBe(`Too many attempts, please try again in ${body.params.seconds} seconds`);
  });

  it('an unknown route and a record that does not exist', async () => {
    const route = await t.inject({ method: 'GET', url: '/api/v1/nope?x=1' });
    expect(route.json()).toEqual({
      error: 'Route GET /api/v1/nope not found',
      message: 'Route GET /api/v1/nope not found',
      code: 'route-not-found',
      params: { method: 'GET', path: '/api/v1/nope' },
    });
    const material = await api('teacher', 'GET', '/materials/detail?id=999999');
    expect(material.statusCode).toBe(404);
    expect(material.json()).toEqual({
      error: 'Material not found',
      message: 'Material not found',
      code: 'record-not-found',
      params: { what: 'material' },
    });
  });

  it('conflicts: a duplicate NIS, a NIS taken as a username, a duplicate class name, a refused import', async () => {
    const nis = t.fixture.students[0].nis;
    const dup = await api('admin', 'POST', '/students', { name: 'X', nis, grade: 10, status: 'Active' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      error: `NIS ${nis} already exists`,
      message: `NIS ${nis} already exists`,
      code: 'duplicate-nis',
      params: { number: nis },
    });
    const nip = t.fixture.teachers[0].nip;
    const taken = await api('admin', 'POST', '/students', { name: 'X', nis: nip, grade: 10, status: 'Active' });
    expect(taken.json()).toMatchObject({ code: 'duplicate-username', params: { username: nip } });
    const cls = t.fixture.classes[0];
    const sameName = await api('admin', 'POST', '/classes', {
      name: cls.name,
      grade: cls.grade,
      teacher_id: cls.teacher_id,
      description: 'd',
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      message: `A class named "${cls.name}" already exists in grade ${cls.grade}.`,
      code: 'duplicate-class-name',
      params: { name: cls.name, grade: cls.grade },
    });
    const refused = await api('admin', 'POST', '/students/import', {
      rows: [{ name: 'Y', nis, grade: 10, status: 'Active' }],
    });
    expect(refused.json()).toEqual({
      created: 0,
      errors: [
        { row: 1, field: 'nis', message: `nis ${nis} already exists`, code: 'duplicate-nis', params: { number: nis } },
      ],
      students: [],
      error: 'Import rejected: 1 problem found, nothing was created',
      message: 'Import rejected: 1 problem found, nothing was created',
      code: 'import-rejected',
      params: { count: 1 },
    });
  });

  it('an exam not open yet, then ended, and a sheet already submitted', async () => {
    const classId = t.fixture.classes[0].id;
    const content = { '1': 'Q1', '1_a': 'a', '1_b': 'b', '1_c': 'c', '1_d': 'd', '1_answer': 'c' };
    const examBody = (start: number, end: number) => ({
      title: 'UTS',
      total_marks: 100,
      class_id: classId,
      content,
      start_time: formatWib(new Date(Date.now() + start)),
      end_time: formatWib(new Date(Date.now() + end)),
    });
    const exam = await api('teacher', 'POST', '/exams', examBody(HOUR, 2 * HOUR));
    expect(exam.statusCode).toBe(200);
    const examId = exam.json().id;
    const early = await api('student', 'POST', '/exams-answers', { exam_id: examId, answers: {} });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({
      error: 'The exam has not started yet',
      message: 'The exam has not started yet',
      code: 'exam-not-started',
    });

    await api('teacher', 'PUT', `/exams?id=${examId}`, examBody(-HOUR, HOUR));
    const sheetId = (await api('student', 'POST', '/exams-answers', { exam_id: examId, answers: {} })).json().id;
    await api('teacher', 'PUT', `/exams?id=${examId}`, examBody(-2 * HOUR, -1000));
    const late = await api('student', 'PATCH', `/exams-answers?id=${sheetId}`, { answers: { '1': 'a' } });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ error: 'The exam has ended', message: 'The exam has ended', code: 'exam-ended' });

    const exercise = await api('teacher', 'POST', '/materials', {
      title: 'Bab',
      description: 'd',
      content: '<p>x</p>',
      class_id: classId,
    });
    const ex = await api('teacher', 'POST', '/exercises', {
      title: 'L',
      total_marks: 100,
      material_id: exercise.json().id,
      content,
    });
    const sheet = (
      await api('student', 'POST', '/exercises-answers', { exercise_id: ex.json().id, answers: {} })
    ).json().id;
    expect((await api('student', 'POST', '/exercises/calculate-grade', { exercise_id: ex.json().id })).statusCode).toBe(
      200,
    );
    const again = await api('student', 'PATCH', `/exercises-answers?id=${sheet}`, { answers: { '1': 'a' } });
    expect(again.json()).toEqual({
      error: 'Sheet already submitted',
      message: 'Sheet already submitted',
      code: 'sheet-already-submitted',
    });
  });
});

describe('every path of the error handler answers with a known code', () => {
  async function appThrowing(error: unknown) {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.get('/throw', async () => {
      throw error;
    });
    app.post('/typed', { schema: { body: Type.Object({ n: Type.Integer({ maximum: 5 }) }) } }, async () => 'ok');
    await app.ready();
    return app;
  }

  const pgError = (code: string) => Object.assign(new Error('driver text'), { code });

  it.each([
    ['an HttpError without a code', badRequest('Send either one'), 400, 'bad-request'],
    [
      'an HttpError with one',
      badRequest('Too big', { code: 'image-too-large', params: { field: 'x', limit: '5 MB' } }),
      400,
      'image-too-large',
    ],
    ['a 503 HttpError', new HttpError(503, 'Busy'), 503, 'internal'],
    ['an invalid domain error', invalid('teacher_id 9 does not exist'), 400, 'bad-request'],
    ['a missing record', missing('Class not found'), 404, 'not-found'],
    ['a clash with extra fields', clash('Still in use', { classes: [{ id: 1 }] }), 409, 'conflict'],
    ['a policy refusal', refused('Forbidden: this class is not yours'), 403, 'forbidden'],
    [
      'a policy refusal with its code',
      refused('Forbidden: you are not assigned to this class', { code: 'not-assigned-to-class' }),
      403,
      'not-assigned-to-class',
    ],
    ['a content rule', new ContentError('content must hold at least one question'), 400, 'content-invalid'],
    ['a unique violation', pgError('23505'), 409, 'duplicate-record'],
    ['a foreign-key violation', pgError('SQLITE_CONSTRAINT_FOREIGNKEY'), 400, 'reference-missing'],
    ['text PostgreSQL cannot store', pgError('22021'), 400, 'invalid-text'],
    ['a number out of range', pgError('22003'), 400, 'number-out-of-range'],
    [
      'a fastify 4xx',
      Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }),
      415,
      'unsupported-media-type',
    ],
    ['any other error', new Error('boom'), 500, 'internal'],
  ])('%s', async (_, error, status, code) => {
    const app = await appThrowing(error);
    const res = await app.inject({ method: 'GET', url: '/throw' });
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.code).toBe(code);
    expect(isErrorCode(body.code)).toBe(true);
    expect(body.message).toBe(body.error);
    if (error instanceof HttpError || error instanceof ContentError || error instanceof DomainError)
      expect(body.message).toBe(error.message);
    await app.close();
  });

  it('a schema refusal, an unknown route and text that is not valid Unicode', async () => {
    const app = await appThrowing(new Error('unused'));
    const typed = await app.inject({ method: 'POST', url: '/typed', payload: { n: 9 } });
    expect(typed.json()).toEqual({
      error: 'N must be at most 5.',
      message: 'N must be at most 5.',
      field: 'n',
      code: 'validation-maximum',
      params: { field: 'n', limit: 5 },
    });
    const notJson = await app.inject({
      method: 'POST',
      url: '/typed',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.json().code).toBe('bad-request');
    const route = await app.inject({ method: 'GET', url: '/gone' });
    expect(route.json().code).toBe('route-not-found');
    const text = await app.inject({
      method: 'POST',
      url: '/typed',
      headers: { 'content-type': 'application/json' },
      payload: '{"n":"\\u0000"}',
    });
    expect(text.json()).toMatchObject({ code: 'invalid-text', message: expect.stringMatching(/valid Unicode/) });
    await app.close();
  });

  it('an oversize picture names its limit; a picture that is no picture says so', () => {
    const huge = `data:image/png;base64,${'A'.repeat(8 * 1024 * 1024)}`;
    expect(() => decodeImageDataUrl(huge, 'picture')).toThrow(
      expect.objectContaining({
        extra: { code: 'image-too-large', params: { field: 'picture', limit: expect.any(String) } },
      }),
    );
    expect(() => decodeImageDataUrl('data:image/png;base64,aGVsbG8=', 'picture')).toThrow(
      expect.objectContaining({ extra: { code: 'not-an-image', params: { field: 'picture' } } }),
    );
  });

  it('every status has its generic code', () => {
    expect([400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503].map(genericErrorCode)).toEqual([
      'bad-request',
      'unauthorized',
      'forbidden',
      'not-found',
      'conflict',
      'payload-too-large',
      'unsupported-media-type',
      'bad-request',
      'too-many-requests',
      'internal',
      'internal',
    ]);
  });
});

describe('the catalogue', () => {
  const serverSource = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return serverSource(file);
      return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [fs.readFileSync(file, 'utf8')] : [];
    });
  // The server's code, and the shared rules whose problems it sends (login names, student-import rows).
  const sources = [
    ...serverSource(path.join(__dirname, '..')),
    ...serverSource(path.join(__dirname, '../../../shared-rules/src')),
  ];
  const literals = (text: string) => [...text.matchAll(/'([a-z][a-z0-9-]*)'/g)].map((m) => m[1]);

  it('holds every code the server sends', () => {
    const used = new Set<string>();
    for (const source of sources) {
      // `code: 'x'`, `code: cond ? 'x' : 'y'` (the compared values of a condition are not codes), maps of codes
      for (const [, expr] of source.matchAll(/\bcode: ([^,}\n]+)/g))
        literals(expr.replace(/[!=]== '[^']*'/g, '')).forEach((c) => used.add(c));
      for (const [, map] of source.matchAll(/Record<string, ErrorCode> = \{([^}]*)\}/g)) {
        for (const [, c] of map.matchAll(/: '([a-z-]+)'/g)) used.add(c);
      }
      // a code's fallback (`code ?? 'x'`); other defaults (`publicPath ?? 'auto'`) are not codes
      for (const [, c] of source.matchAll(/\bcode\b[^\n?]*\?\? '([a-z-]+)'/g)) used.add(c);
    }
    expect(used.size).toBeGreaterThan(50); // the scan does find the codes
    expect([...used].filter((c) => !isErrorCode(c))).toEqual([]);
  });

  it('holds no code nobody sends (besides the generic ones of the statuses)', () => {
    const anywhere = new Set(sources.flatMap(literals));
    const generic = new Set([400, 401, 403, 404, 409, 413, 415, 429, 500].map(genericErrorCode));
    const unused = Object.keys(ERROR_CODES).filter((c) => !anywhere.has(c) && !generic.has(c as never));
    expect(unused).toEqual([]);
  });

  it('codes are kebab-case', () => {
    expect(Object.keys(ERROR_CODES).filter((c) => !/^[a-z]+(-[a-z]+)*$/.test(c))).toEqual([]);
  });
});
