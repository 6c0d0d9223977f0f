import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.injectWithLogin('admin', { method, url, payload });

describe('/users', () => {
  it('lists accounts without hashes, username DESC by default, with both page-count keys', async () => {
    const res = await asAdmin('GET', '/api/v1/users?pageSize=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users).toHaveLength(2);
    expect(body.meta).toEqual({ page: 1, pageSize: 2, total: 6, totalPage: 3, totalpages: 3 });
    for (const u of body.users)
      expect(Object.keys(u).sort()).toEqual(['display_name', 'email', 'id', 'password', 'role', 'username']);
    for (const u of body.users) expect(u.password).toBe('');
    expect(JSON.stringify(body)).not.toMatch(/scrypt/);
    const names = body.users.map((u: { username: string }) => u.username);
    expect([...names].sort().reverse()).toEqual(names);
    const asc = (await asAdmin('GET', '/api/v1/users?sortByUsername=true&pageSize=100'))
      .json()
      .users.map((u: { username: string }) => u.username);
    expect(asc).toEqual([...asc].sort());
  });

  it('filters by role exactly and returns [] on empty pages', async () => {
    const res = (await asAdmin('GET', '/api/v1/users?role=teacher')).json();
    expect(res.users.map((u: { role: string }) => u.role)).toEqual(['teacher', 'teacher']);
    const empty = (await asAdmin('GET', '/api/v1/users?role=nobody')).json();
    expect(empty.users).toEqual([]);
    expect(empty.meta.totalPage).toBe(0);
  });

  it('creates a user account with display_name = username that can sign in', async () => {
    const res = await asAdmin('POST', '/api/v1/users', {
      username: 'operator',
      email: 'Operator@School.id',
      password: 'operator-pass',
      role: 'user',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      username: 'operator',
      email: 'operator@school.id',
      role: 'user',
      display_name: 'operator',
      password: '',
    });
    const login = await t.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'operator', password: 'operator-pass' },
    });
    expect(login.statusCode).toBe(200);
    const dup = await asAdmin('POST', '/api/v1/users', {
      username: 'operator',
      email: 'other@school.id',
      password: 'operator-pass',
      role: 'user',
    });
    expect(dup.statusCode).toBe(409);
    const dupMail = await asAdmin('POST', '/api/v1/users', {
      username: 'operator2',
      email: 'operator@school.id',
      password: 'operator-pass',
      role: 'user',
    });
    expect(dupMail.statusCode).toBe(409);
  });

  it('validates the body and names the field', async () => {
    const bad = await asAdmin('POST', '/api/v1/users', {
      username: 'x',
      email: 'not-an-email',
      password: 'operator-pass',
      role: 'user',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/email/i);
    const role = await asAdmin('POST', '/api/v1/users', {
      username: 'x',
      email: 'x@x.id',
      password: 'operator-pass',
      role: 'student',
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toMatch(/role/i);
    const missing = await asAdmin('POST', '/api/v1/users', { username: 'x', email: 'x@x.id', role: 'user' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/password/i);
  });

  it('updates with PUT and PATCH, 404 for unknown ids, 409 for profile accounts', async () => {
    const created = (
      await asAdmin('POST', '/api/v1/users', {
        username: 'temp',
        email: 'temp@x.id',
        password: 'temp-pass-1',
        role: 'user',
      })
    ).json();
    const put = await asAdmin('PUT', `/api/v1/users?id=${created.id}`, {
      username: 'temp2',
      email: 'temp2@x.id',
      password: 'temp-pass-2',
      role: 'admin',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: created.id, username: 'temp2', role: 'admin', password: '' });
    const patch = await asAdmin('PATCH', `/api/v1/users?id=${created.id}`, {
      username: 'temp3',
      email: 'temp3@x.id',
      password: 'temp-pass-3',
      role: 'user',
    });
    expect(patch.statusCode).toBe(200);
    expect(
      (await t.inject({ method: 'POST', url: '/api/v1/auth', payload: { username: 'temp3', password: 'temp-pass-3' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await asAdmin('PATCH', '/api/v1/users?id=99999', {
          username: 'a',
          email: 'a@x.id',
          password: 'temp-pass-3',
          role: 'user',
        })
      ).statusCode,
    ).toBe(404);
    const profile = await asAdmin('PATCH', `/api/v1/users?id=${t.fixture.students[0].user_id}`, {
      username: 'a',
      email: 'a@x.id',
      password: 'temp-pass-3',
      role: 'user',
    });
    expect(profile.statusCode).toBe(409);
    const badId = await asAdmin('PATCH', '/api/v1/users?id=abc', {
      username: 'a',
      email: 'a@x.id',
      password: 'temp-pass-3',
      role: 'user',
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/id/i);
  });

  it('is admin only', async () => {
    expect((await t.injectWithLogin('student', { method: 'GET', url: '/api/v1/users' })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/v1/users' })).statusCode).toBe(401);
  });
});
