import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  // the production default: 10 attempts per (IP, username) per minute
  t = await buildTestApp({ app: { loginRateLimit: { max: 10, timeWindowMs: 60_000 } } });
});
afterAll(async () => {
  await t.close();
});

it('limits login attempts per username and answers 429 {error, message}', async () => {
  const attempt = (username: string) => t.inject({ method: 'POST', url: '/api/v1/auth', payload: { username, password: 'wrong-password' } });
  for (let i = 0; i < 10; i++) expect((await attempt('admin')).statusCode).toBe(401);
  const limited = await attempt('admin');
  expect(limited.statusCode).toBe(429);
  const body = limited.json();
  expect(body.error).toMatch(/Too many attempts/);
  expect(body.message).toBe(body.error);
  // another account from the same address (a school behind one NAT) is not blocked
  expect((await attempt(t.fixture.students[0].nis)).statusCode).toBe(401);
});
