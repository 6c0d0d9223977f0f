import { HashWorkerPool } from '../../plugins/hash-workers';
import { buildTestApp, FIXTURE_PASSWORDS, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  // the production defaults: 10 attempts per (address, username) and 50 per address, per minute
  t = await buildTestApp({ app: { loginRateLimit: { max: 10, perAddressMax: 50, timeWindowMs: 60_000 } } });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => jest.restoreAllMocks());

const attempt = (username: string, password = 'wrong-password', remoteAddress = '127.0.0.1') =>
  t.inject({ method: 'POST', url: '/api/v1/auth', payload: { username, password }, remoteAddress });

/** Counts the scrypt runs (hashes and checks) the pool is asked for. */
function countHashes() {
  return jest.spyOn(HashWorkerPool.prototype, 'scrypt');
}

it('limits login attempts per username and answers 429 {error, message} with Retry-After', async () => {
  for (let i = 0; i < 10; i++) expect((await attempt('admin')).statusCode).toBe(401);
  const limited = await attempt('admin');
  expect(limited.statusCode).toBe(429);
  const body = limited.json();
  expect(body.error).toMatch(/Too many attempts/);
  expect(body.message).toBe(body.error);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  // another account from the same address (a school behind one NAT) is not blocked
  expect((await attempt(t.fixture.students[0].nis)).statusCode).toBe(401);
});

it('limits a flood of made-up usernames from one address, without hashing once the limit is reached', async () => {
  const flooder = '10.9.0.1';
  const statuses: number[] = [];
  for (let i = 0; i < 50; i++) statuses.push((await attempt(`made-up-${i}`, 'x', flooder)).statusCode);
  expect(statuses.every((s) => s === 401)).toBe(true);
  const hashes = countHashes();
  for (let i = 50; i < 80; i++) expect((await attempt(`made-up-${i}`, 'x', flooder)).statusCode).toBe(429);
  expect(hashes).not.toHaveBeenCalled();
  // other addresses are not affected
  expect((await attempt(t.fixture.students[1].nis, FIXTURE_PASSWORDS.student, '10.9.0.2')).statusCode).toBe(200);
});

it('does not count successful sign-ins against the address (a whole school signs in through one NAT address)', async () => {
  const school = '10.9.1.1';
  for (let i = 0; i < 60; i++) expect((await attempt(t.fixture.students[i % 3].nis, FIXTURE_PASSWORDS.student, school)).statusCode).toBe(200);
  expect((await attempt('typo-name', 'x', school)).statusCode).toBe(401);
});

it('costs exactly one hash for an unknown username, as for a wrong password (no timing oracle)', async () => {
  const hashes = countHashes();
  expect((await attempt('nobody-by-this-name', 'guess', '10.9.2.1')).statusCode).toBe(401);
  expect(hashes).toHaveBeenCalledTimes(1);
  const unknownCost = hashes.mock.calls[0][0].options.N;
  hashes.mockClear();
  expect((await attempt('admin', 'guess', '10.9.2.1')).statusCode).toBe(401);
  expect(hashes).toHaveBeenCalledTimes(1);
  expect(hashes.mock.calls[0][0].options.N).toBe(unknownCost);
});

it('refuses a password longer than the password cap without hashing it', async () => {
  const hashes = countHashes();
  const res = await attempt('admin', 'x'.repeat(201), '10.9.3.1');
  expect(res.statusCode).toBe(401);
  expect(hashes).not.toHaveBeenCalled();
});

it('answers a fast 503 with Retry-After when the hash queue is full', async () => {
  const { HashQueueFullError } = await import('../../plugins/hash-workers');
  jest.spyOn(HashWorkerPool.prototype, 'scrypt').mockRejectedValueOnce(new HashQueueFullError());
  const res = await attempt('admin', FIXTURE_PASSWORDS.admin, '10.9.4.1');
  expect(res.statusCode).toBe(503);
  expect(res.json().message).toMatch(/busy/i);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
});

it("keeps a blocked account's counter through a flood of new usernames from many addresses", async () => {
  const victim = t.fixture.students[2].nis;
  const home = '10.8.0.1';
  for (let i = 0; i < 10; i++) expect((await attempt(victim, `guess-${i}`, home)).statusCode).toBe(401);
  expect((await attempt(victim, FIXTURE_PASSWORDS.student, home)).statusCode).toBe(429);
  // 5,100 new (address, username) pairs: more than the 5,000 keys an LRU of the limiter held
  for (let batch = 0; batch < 102; batch++) {
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => attempt(`flood-${batch}-${i}`, 'x', `10.7.${batch}.${i + 1}`)),
    );
  }
  expect((await attempt(victim, FIXTURE_PASSWORDS.student, home)).statusCode).toBe(429);
}, 60_000);

describe('POST /auth/change-password', () => {
  it('is limited per account', async () => {
    const change = () =>
      t.injectWithLogin('student', { method: 'POST', url: '/api/v1/auth/change-password', payload: { old_password: 'not-my-password', new_password: 'a-new-password' } });
    for (let i = 0; i < 10; i++) expect((await change()).statusCode).toBe(400);
    const limited = await change();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts/);
  });

  it('refuses an old_password beyond the password cap with a 400 naming the field, without hashing', async () => {
    const hashes = countHashes();
    await t.tokenFor('teacher');
    hashes.mockClear();
    const res = await t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { old_password: 'x'.repeat(201), new_password: 'a-new-password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/old_password/);
    expect(hashes).not.toHaveBeenCalled();
  });
});
