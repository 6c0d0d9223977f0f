import { buildTestApp, FIXTURE_PASSWORDS, TEST_JWT_SECRET, type TestApp } from '../../../test/helpers';
import { createSigner } from 'fast-jwt';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /ping', () => {
  it('answers the plain text pong without a token', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/ping' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('pong');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });
});

function decode(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('POST /auth', () => {
  it('returns only a token whose claims follow the contract (teacher)', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: t.fixture.teachers[0].nip, password: FIXTURE_PASSWORDS.teacher },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['token']);
    const claims = decode(body.token);
    expect(claims).toMatchObject({
      user_id: t.fixture.teachers[0].user_id,
      role: 'teacher',
      teacher_id: t.fixture.teachers[0].id,
      display_name: 'Budi Santoso',
    });
    expect(typeof claims.email).toBe('string');
    expect(claims.student_id).toBeUndefined();
    expect(typeof claims.exp).toBe('number');
    expect(claims.exp as number).toBeGreaterThan(Date.now() / 1000 + 86000);
    const header = JSON.parse(Buffer.from(body.token.split('.')[0], 'base64url').toString('utf8'));
    expect(header.alg).toBe('HS256');
  });

  it('gives students a numeric student_id and admins neither id', async () => {
    const student = decode(await t.tokenFor('student'));
    expect(student).toMatchObject({
      role: 'student',
      student_id: t.fixture.students[0].id,
      display_name: 'Andi Pratama',
    });
    expect(typeof student.student_id).toBe('number');
    const admin = decode(await t.tokenFor('admin'));
    expect(admin.role).toBe('admin');
    expect(admin.teacher_id).toBeUndefined();
    expect(admin.student_id).toBeUndefined();
  });

  it('answers unknown user and wrong password with the same 401 text under both keys', async () => {
    const wrong = await t.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'admin', password: 'nope' },
    });
    const unknown = await t.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'ghost', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe(wrong.json().message);
    expect(wrong.json().message).toBe('Invalid username or password');
  });

  it('answers 400 when a field is missing', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/auth', payload: { username: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Invalid input/);
    expect(res.json().message).toBe(res.json().error);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
    expect(res.body).not.toMatch(/at .*\.ts/);
  });
});

describe('token handling', () => {
  const call = (authorization?: string) =>
    t.inject({ method: 'GET', url: '/api/v1/users', headers: authorization === undefined ? {} : { authorization } });

  it('accepts a raw token and a Bearer token with any scheme case', async () => {
    const token = await t.tokenFor('admin');
    expect((await call(token)).statusCode).toBe(200);
    expect((await call(`Bearer ${token}`)).statusCode).toBe(200);
    expect((await call(`bearer ${token}`)).statusCode).toBe(200);
    expect((await call(`BEARER   ${token}`)).statusCode).toBe(200);
  });

  it('401 Missing token without a header', async () => {
    const res = await call();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Missing token', message: 'Missing token', code: 'token-missing' });
  });

  it('401 for a token signed with another secret, an expired token and another algorithm', async () => {
    const admin = decode(await t.tokenFor('admin'));
    const forged = createSigner({ key: 'another-secret-another-secret-123456', algorithm: 'HS256' })({
      ...admin,
      exp: undefined,
    });
    expect((await call(forged)).statusCode).toBe(401);
    const expired = createSigner({ key: TEST_JWT_SECRET, algorithm: 'HS256', noTimestamp: true })({
      ...admin,
      exp: Math.floor(Date.now() / 1000) - 10,
    });
    const res = await call(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid token');
    const hs512 = createSigner({ key: TEST_JWT_SECRET, algorithm: 'HS512' })({ ...admin, exp: undefined });
    expect((await call(hs512)).statusCode).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(admin)).toString('base64url')}.`;
    expect((await call(unsigned)).statusCode).toBe(401);
  });

  it('403 with the original text for the wrong role', async () => {
    const res = await t.injectWithLogin('teacher', { method: 'GET', url: '/api/v1/users' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'Forbidden: Admins only',
      message: 'Forbidden: Admins only',
      code: 'forbidden',
    });
  });

  it('a token stops working once its user is re-roled', async () => {
    const token = await t.tokenFor('student3');
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/classes', headers: { authorization: token } })).statusCode,
    ).toBe(200);
    await t.db.updateTable('users').set({ role: 'user' }).where('id', '=', t.fixture.students[2].user_id).execute();
    const res = await t.inject({ method: 'GET', url: '/api/v1/classes', headers: { authorization: token } });
    expect(res.statusCode).toBe(401);
    await t.db.updateTable('users').set({ role: 'student' }).where('id', '=', t.fixture.students[2].user_id).execute();
  });
});

describe('errors', () => {
  it('unknown API routes get a JSON 404', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'Route GET /api/v1/nope not found',
      message: 'Route GET /api/v1/nope not found',
      code: 'route-not-found',
      params: { method: 'GET', path: '/api/v1/nope' },
    });
  });

  it('answers 413 {error,message} to a login body over its small limit (per-route limits: plugins/body-limits.test.ts)', async () => {
    const big = await t.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'admin', password: 'x'.repeat(5 * 1024 * 1024) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(big.json().error);
  });

  it('answers CORS preflight for Authorization and Content-Type', async () => {
    const res = await t.inject({
      method: 'OPTIONS',
      url: '/api/v1/students/details?id=1',
      headers: {
        origin: 'https://example.org',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://example.org');
    expect(String(res.headers['access-control-allow-methods'])).toMatch(/PATCH/);
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toMatch(/authorization/);
  });
});

describe('POST /auth/change-password', () => {
  it('changes the password after checking the old one', async () => {
    const nis = t.fixture.students[1].nis;
    const bad = await t.injectWithLogin('student2', {
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { old_password: 'wrong-one', new_password: 'a-new-password' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Old password is incorrect',
      message: 'Old password is incorrect',
      code: 'wrong-current-password',
    });
    const short = await t.injectWithLogin('student2', {
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { old_password: FIXTURE_PASSWORDS.student, new_password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/new password/i);
    const ok = await t.injectWithLogin('student2', {
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { old_password: FIXTURE_PASSWORDS.student, new_password: 'a-new-password' },
    });
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(ok.json())).toEqual(['message', 'token']);
    expect(ok.json().message).toBe('Password changed successfully');
    const refreshed = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { authorization: ok.json().token },
    });
    expect(Object.keys(refreshed.json())).toEqual(['token']);
    const login = await t.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: nis, password: 'a-new-password' },
    });
    expect(login.statusCode).toBe(200);
    const old = await t.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: nis, password: FIXTURE_PASSWORDS.student },
    });
    expect(old.statusCode).toBe(401);
  });
});

describe('new password rules (shared-rules passwordProblems)', () => {
  it('refuses a short, an over-long or an unchanged password with its code, before checking the old one', async () => {
    const created = await t.injectWithLogin('admin', {
      method: 'POST',
      url: '/api/v1/students',
      payload: { name: 'Rina', nis: '2024000778', grade: 10, status: 'Active' },
    });
    const initial = created.json().initial_password as string;
    const { token } = (
      await t.inject({ method: 'POST', url: '/api/v1/auth', payload: { username: '2024000778', password: initial } })
    ).json();
    const change = (old_password: string, new_password: string) =>
      t.inject({
        method: 'POST',
        url: '/api/v1/auth/change-password',
        headers: { authorization: token },
        payload: { old_password, new_password },
      });

    const short = await change('not-even-checked', '😀'.repeat(7));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      code: 'password-too-short',
      params: { limit: 8 },
      error: 'The new password must be at least 8 characters long',
      message: 'The new password must be at least 8 characters long',
    });
    const long = await change(initial, 'x'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('validation-too-long');
    const same = await change(initial, initial);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      code: 'password-same-as-current',
      message: 'The new password must be different from the current password',
    });
    // 200 emoji are 400 UTF-16 units but 200 characters: accepted as the rule counts them
    const emoji = await change(initial, '😀'.repeat(200));
    expect(emoji.statusCode).toBe(200);
  });
});

describe('initial passwords', () => {
  const signIn = (username: string, password: string) =>
    t.inject({ method: 'POST', url: '/api/v1/auth', payload: { username, password } });

  it('a login an admin created or reset carries initial_password until its user chooses their own', async () => {
    const created = await t.injectWithLogin('admin', {
      method: 'POST',
      url: '/api/v1/students',
      payload: { name: 'Eka Putri', nis: '2024000777', grade: 10, status: 'Active' },
    });
    expect(created.statusCode).toBe(200);
    const initial = created.json().initial_password as string;
    const first = (await signIn('2024000777', initial)).json().token as string;
    expect(decode(first).initial_password).toBe(true);
    // a renewed token keeps the offer
    const renewed = (
      await t.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { authorization: first } })
    ).json().token as string;
    expect(decode(renewed).initial_password).toBe(true);

    const changed = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: { authorization: renewed },
      payload: { old_password: initial, new_password: 'my-own-password' },
    });
    expect(changed.statusCode).toBe(200);
    expect(decode(changed.json().token).initial_password).toBeUndefined();
    expect(decode((await signIn('2024000777', 'my-own-password')).json().token).initial_password).toBeUndefined();

    const reset = await t.injectWithLogin('admin', {
      method: 'POST',
      url: `/api/v1/students/reset-password?id=${created.json().id}`,
    });
    const again = (await signIn('2024000777', reset.json().initial_password)).json().token as string;
    expect(decode(again).initial_password).toBe(true);
  });
});

describe('sessions end with the password', () => {
  it('a password change or an admin reset ends older sessions; the changing session gets a fresh token', async () => {
    const student = t.fixture.students[2];
    const login = async (password: string) =>
      t.inject({ method: 'POST', url: '/api/v1/auth', payload: { username: student.nis, password } });
    const asToken = (token: string) => ({
      method: 'GET' as const,
      url: '/api/v1/discussions',
      headers: { authorization: token },
    });

    const phone = (await login(FIXTURE_PASSWORDS.student)).json().token as string;
    const laptop = (await login(FIXTURE_PASSWORDS.student)).json().token as string;
    expect((await t.inject(asToken(phone))).statusCode).toBe(200);

    const changed = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: { authorization: laptop },
      payload: { old_password: FIXTURE_PASSWORDS.student, new_password: 'another-password' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().token as string;
    expect((await t.inject(asToken(phone))).statusCode).toBe(401);
    expect((await t.inject(asToken(laptop))).statusCode).toBe(401);
    expect((await t.inject(asToken(fresh))).statusCode).toBe(200);

    const reset = await t.injectWithLogin('admin', {
      method: 'POST',
      url: `/api/v1/students/reset-password?id=${student.id}`,
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.inject(asToken(fresh))).statusCode).toBe(401);
    expect((await login(reset.json().initial_password)).statusCode).toBe(200);
  });
});

describe('POST /auth/refresh', () => {
  const refresh = (authorization?: string) =>
    t.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: authorization === undefined ? {} : { authorization },
    });

  it('renews a valid token: same user and claims, a later expiry, and the new token works', async () => {
    const old = createSigner({ key: TEST_JWT_SECRET, algorithm: 'HS256', noTimestamp: true })({
      ...decode(await t.tokenFor('teacher')),
      iat: Math.floor(Date.now() / 1000) - 80_000,
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const res = await refresh(old);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token as string;
    const { exp, iat, ...claims } = decode(fresh);
    const { exp: oldExp, iat: _oldIat, ...oldClaims } = decode(old);
    expect(claims).toEqual(oldClaims);
    expect(exp as number).toBeGreaterThan((oldExp as number) + 80_000);
    expect(iat as number).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
    const classes = await t.inject({ method: 'GET', url: '/api/v1/classes/mine', headers: { authorization: fresh } });
    expect(classes.statusCode).toBe(200);
  });

  it('refuses a missing or expired token', async () => {
    expect((await refresh()).statusCode).toBe(401);
    const expired = createSigner({ key: TEST_JWT_SECRET, algorithm: 'HS256', noTimestamp: true })({
      ...decode(await t.tokenFor('admin')),
      exp: Math.floor(Date.now() / 1000) - 10,
    });
    expect((await refresh(expired)).statusCode).toBe(401);
  });

  it('keeps the sign-in time, the session id and the language claim', async () => {
    const signedIn = decode(await t.tokenFor('student'));
    expect(typeof signedIn.sid).toBe('string');
    expect(typeof signedIn.auth_time).toBe('number');
    const withLanguage = createSigner({ key: TEST_JWT_SECRET, algorithm: 'HS256' })({ ...signedIn, language: 'id' });
    const res = await refresh(withLanguage);
    expect(res.statusCode).toBe(200);
    expect(decode(res.json().token)).toMatchObject({
      language: 'id',
      sid: signedIn.sid,
      auth_time: signedIn.auth_time,
    });
  });

  it('ends a session 30 days after its sign-in however often it was refreshed', async () => {
    const now = Math.floor(Date.now() / 1000);
    const sign = createSigner({ key: TEST_JWT_SECRET, algorithm: 'HS256' });
    const claims = decode(await t.tokenFor('teacher'));
    // signed in 29 days and 23 hours ago: renewed only up to the 30th day, not for another full day
    const lateRes = await refresh(sign({ ...claims, auth_time: now - 30 * 86400 + 3600, exp: now + 600 }));
    expect(lateRes.statusCode).toBe(200);
    expect(decode(lateRes.json().token).exp).toBe(now - 30 * 86400 + 3600 + 30 * 86400);
    // past the 30 days: refused, and the still unexpired token opens nothing
    const over = sign({ ...claims, auth_time: now - 30 * 86400 - 1, exp: now + 600 });
    expect((await refresh(over)).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/classes/mine', headers: { authorization: over } })).statusCode,
    ).toBe(401);
    // a token from before the claim counts from its issue time
    const { auth_time: _ignored, ...legacy } = claims;
    expect((await refresh(sign({ ...legacy, iat: now - 31 * 86400, exp: now + 600 }))).statusCode).toBe(401);
  });

  it('follows SESSION_LIFETIME_DAYS', async () => {
    const short = await buildTestApp({ app: { sessionLifetimeSeconds: 3600 } });
    try {
      const claims = decode(await short.tokenFor('teacher'));
      expect(claims.exp).toBe((claims.auth_time as number) + 3600);
    } finally {
      await short.close();
    }
  });

  it('refuses a token without exp', async () => {
    const { exp: _exp, ...claims } = decode(await t.tokenFor('admin'));
    const forever = createSigner({ key: TEST_JWT_SECRET, algorithm: 'HS256' })(claims);
    expect(decode(forever).exp).toBeUndefined();
    expect((await refresh(forever)).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/users', headers: { authorization: forever } })).statusCode,
    ).toBe(401);
  });

  it('refuses a session ended by a password reset, and a token renewed before it ends with it', async () => {
    const student = t.fixture.students[2];
    const resetPassword = async () => {
      const reset = await t.injectWithLogin('admin', {
        method: 'POST',
        url: `/api/v1/students/reset-password?id=${student.id}`,
      });
      expect(reset.statusCode).toBe(200);
      return reset.json().initial_password as string;
    };
    const signIn = async (password: string) =>
      (await t.inject({ method: 'POST', url: '/api/v1/auth', payload: { username: student.nis, password } })).json()
        .token as string;
    const token = await signIn(await resetPassword());
    const renewed = (await refresh(token)).json().token as string;
    expect(typeof renewed).toBe('string');
    const password = await resetPassword();
    expect((await refresh(token)).statusCode).toBe(401);
    expect((await refresh(renewed)).statusCode).toBe(401);
    expect((await refresh(await signIn(password))).statusCode).toBe(200);
  });
});

describe('API docs', () => {
  it('serves the OpenAPI document listing the routes at /api/docs', async () => {
    const docs = await buildTestApp({ empty: true, app: { apiDocs: true } });
    try {
      const ui = await docs.inject({ method: 'GET', url: '/api/docs/' });
      expect(ui.statusCode).toBe(200);
      const spec = await docs.inject({ method: 'GET', url: '/api/docs/json' });
      expect(spec.statusCode).toBe(200);
      const paths = Object.keys(spec.json().paths);
      expect(paths).toEqual(
        expect.arrayContaining(['/api/v1/auth', '/api/v1/students', '/api/v1/classes/assign-students']),
      );
    } finally {
      await docs.close();
    }
  });
});
