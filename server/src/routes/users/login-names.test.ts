import { buildTestApp, FIXTURE_PASSWORDS, type TestApp } from '../../../test/helpers';

// Login names that look like another account's (invisible characters, another alphabet's look-alike letters,
// fullwidth forms) are refused or folded at every place an account gets its name; sign-in folds the same way.
jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const asAdmin = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.injectWithLogin('admin', { method, url: `/api/v1${url}`, payload });
const user = (username: string) => ({
  username,
  email: `${Math.random().toString(36).slice(2)}@school.id`,
  password: 'operator-pass',
  role: 'user',
});
const signIn = (username: string, password: string) =>
  t.inject({ method: 'POST', url: '/api/v1/auth', payload: { username, password } });

describe('login names', () => {
  it.each([
    ['admin\u200b', 'username must not contain invisible or formatting characters (such as a zero-width space)'],
    ['\u0430dmin', 'username must use the letters of one alphabet only (for example not Latin mixed with Cyrillic)'],
    ['\u202enimda', 'username must not contain invisible or formatting characters (such as a zero-width space)'],
  ])('POST /users refuses %j with 400 and a plain message', async (username, message) => {
    const res = await asAdmin('POST', '/users', user(username));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('folds fullwidth letters: ａｄｍｉｎ is the existing admin (409), ｗａｋａ is stored and signs in as waka', async () => {
    expect((await asAdmin('POST', '/users', user('ａｄｍｉｎ'))).statusCode).toBe(409);
    const created = await asAdmin('POST', '/users', user('ｗａｋａ'));
    expect(created.statusCode).toBe(200);
    expect(created.json().username).toBe('waka');
    expect((await signIn('waka', 'operator-pass')).statusCode).toBe(200);
    expect((await signIn('ｗａｋａ', 'operator-pass')).statusCode).toBe(200);
  });

  it('PUT /users refuses renaming an account to a look-alike', async () => {
    const created = (await asAdmin('POST', '/users', user('tatausaha'))).json();
    const res = await asAdmin('PUT', `/users?id=${created.id}`, user('t\u0430tausaha'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^username /);
  });

  it('students and teachers: a NIS/NIP with an invisible character is refused, fullwidth digits are folded', async () => {
    const student = { name: 'Dewi', grade: 10, status: 'Active' };
    const bad = await asAdmin('POST', '/students', { ...student, nis: '2025\u200b000009' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^nis must not contain invisible/);
    const folded = await asAdmin('POST', '/students', { ...student, nis: '２０２５０００００９' });
    expect(folded.statusCode).toBe(200);
    expect(folded.json().nis).toBe('2025000009');
    // …so the plain NIS is taken now
    expect((await asAdmin('POST', '/students', { ...student, nis: '2025000009' })).statusCode).toBe(409);

    const teacher = { name: 'Pak Eko', specialization: 'Physics', status: 'Active' };
    const badNip = await asAdmin('POST', '/teachers', { ...teacher, nip: '198001\u2060012005011009' });
    expect(badNip.statusCode).toBe(400);
    expect(badNip.json().message).toMatch(/^nip must not contain invisible/);
  });

  it('the CSV import reports a look-alike NIS on its row and folds fullwidth digits', async () => {
    const res = await asAdmin('POST', '/students/import', {
      rows: [
        { name: 'Eka', nis: '２０２５０００１０１', grade: 10, status: 'Active' },
        { name: 'Fajar', nis: '2025000102\u200b', grade: 10, status: 'Active' },
      ],
      dry_run: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        row: 2,
        field: 'nis',
        message: 'nis must not contain invisible or formatting characters (such as a zero-width space)',
        code: 'login-name-invisible',
        params: { field: 'nis' },
      },
    ]);
  });

  it('signs in with a fullwidth form of a NIS', async () => {
    expect((await signIn('２０２４０００００１', FIXTURE_PASSWORDS.student)).statusCode).toBe(200);
  });
});
