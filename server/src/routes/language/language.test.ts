import { buildTestApp, FIXTURE_PASSWORDS, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;

async function signIn(): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v1/auth',
    payload: { username: t.fixture.students[0].nis, password: FIXTURE_PASSWORDS.student },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}

describe('PUT /users/language', () => {
  it('saves the language on the account, and the next sign-in (any device) brings it back in the token', async () => {
    const first = await signIn();
    expect(claimsOf(first).language).toBeUndefined();
    const saved = await t.inject({
      method: 'PUT',
      url: '/api/v1/users/language',
      headers: { authorization: `Bearer ${first}` },
      payload: { language: 'id' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: 'id' });
    expect(claimsOf(await signIn()).language).toBe('id');
  });

  it('refuses a language the UI does not have, and a request without a token', async () => {
    const token = await signIn();
    const bad = await t.inject({
      method: 'PUT',
      url: '/api/v1/users/language',
      headers: { authorization: `Bearer ${token}` },
      payload: { language: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.inject({ method: 'PUT', url: '/api/v1/users/language', payload: { language: 'en' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
