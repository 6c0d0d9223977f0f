import { HashWorkerPool } from '../../lib/hash-workers';
import { SIGN_IN_QUEUE_CAPACITY } from '../../lib/passwords';
import { buildTestApp, FIXTURE_PASSWORDS, TWO_NODES, type TestApp } from '../../../test/helpers';

/** Tests that count this process's hashes: with TWO_NODES=1 half the requests go to the other node's own pool. */
const inOneProcess = TWO_NODES ? it.skip : it;

// 10 minutes: longer than any test here takes, even the 5,100-sign-in flood beside the whole suite on a busy machine
const LONG_DELAY = { firstDelayMs: 600_000, maxDelayMs: 600_000, forgetAfterMs: 1_200_000 };

// Each test signs in dozens of times, each a real scrypt check (tens of ms on an idle core, far more on a busy one):
// these tests count answers and hashes, they do not time them.
jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  // 10 failed attempts per account before its delay (long here: the window must outlast each test), 50 per address a minute
  t = await buildTestApp({
    app: { loginRateLimit: { max: 10, perAddressMax: 50, timeWindowMs: 60_000, accountDelay: LONG_DELAY } },
  });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => jest.restoreAllMocks());

const attemptOn = (app: TestApp, username: string, password = 'wrong-password', remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/v1/auth', payload: { username, password }, remoteAddress });
const attempt = (username: string, password?: string, remoteAddress?: string) =>
  attemptOn(t, username, password, remoteAddress);

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
  for (let i = 0; i < 60; i++)
    expect((await attempt(t.fixture.students[i % 3].nis, FIXTURE_PASSWORDS.student, school)).statusCode).toBe(200);
  expect((await attempt('typo-name', 'x', school)).statusCode).toBe(401);
});

inOneProcess('costs exactly one hash for an unknown username, as for a wrong password (no timing oracle)', async () => {
  const hashes = countHashes();
  expect((await attempt('nobody-by-this-name', 'guess', '10.9.2.1')).statusCode).toBe(401);
  expect(hashes).toHaveBeenCalledTimes(1);
  const unknownCost = hashes.mock.calls[0][0].options.N;
  hashes.mockClear();
  // (admin's own delay runs since the first test: another account)
  expect((await attempt(t.fixture.teachers[1].nip, 'guess', '10.9.2.1')).statusCode).toBe(401);
  expect(hashes).toHaveBeenCalledTimes(1);
  expect(hashes.mock.calls[0][0].options.N).toBe(unknownCost);
});

inOneProcess('refuses a password longer than the password cap without hashing it', async () => {
  const hashes = countHashes();
  const res = await attempt('admin', 'x'.repeat(201), '10.9.3.1');
  expect(res.statusCode).toBe(401);
  expect(hashes).not.toHaveBeenCalled();
});

/** Makes every password hash wait until `release()`: sign-ins stay in progress. */
function holdHashes() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const hashes = jest.spyOn(HashWorkerPool.prototype, 'scrypt').mockImplementation(async (job) => {
    await gate;
    return Buffer.alloc(job.keylen); // never matches: a wrong password
  });
  return { hashes, release };
}

async function spinUntil(done: () => boolean) {
  for (let spins = 0; !done() && spins < 100_000; spins++) await new Promise((r) => setImmediate(r));
}

inOneProcess(
  'lets a whole class behind one school address sign in at the same moment while the queue has room',
  async () => {
    const { hashes, release } = holdHashes();
    const classOf40 = Array.from({ length: 40 }, (_, i) => attempt(`class-${i}`, 'x', '10.9.6.1'));
    try {
      await spinUntil(() => hashes.mock.calls.length >= 40);
      expect(hashes.mock.calls.length).toBe(40);
    } finally {
      release();
    }
    expect((await Promise.all(classOf40)).map((res) => res.statusCode)).toEqual(Array(40).fill(401));
  },
);

inOneProcess(
  'lets one address hold only a share of a busy sign-in hash queue, so other addresses are still served during its flood',
  async () => {
    // an app whose per-address attempt limit is out of the way: this is about the hash queue alone
    const big = await buildTestApp({
      app: { loginRateLimit: { max: 10, perAddressMax: 10_000, timeWindowMs: 60_000 } },
    });
    const { hashes, release } = holdHashes();
    // one address alone fills the queue up to half, then it is refused
    const admitted = SIGN_IN_QUEUE_CAPACITY / 2;
    const answered: Awaited<ReturnType<typeof attempt>>[] = [];
    const flood = Array.from({ length: admitted + 10 }, (_, i) =>
      attemptOn(big, `flood-share-${i}`, 'x', '10.9.5.1').then((res) => (answered.push(res), res)),
    );
    try {
      // the requests beyond it are answered without waiting for any hash (none can finish before release())
      await spinUntil(() => answered.length >= 10 && hashes.mock.calls.length >= admitted);
      expect(answered).toHaveLength(10);
      for (const res of answered) {
        expect(res.statusCode).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(hashes.mock.calls.length).toBe(admitted);
      // another address still gets its hash queued
      const other = attemptOn(big, 'admin', 'guess', '10.9.5.2');
      await spinUntil(() => hashes.mock.calls.length > admitted);
      expect(hashes.mock.calls.length).toBe(admitted + 1);
      release();
      expect((await other).statusCode).toBe(401);
    } finally {
      release();
    }
    expect((await Promise.all(flood)).filter((res) => res.statusCode === 401)).toHaveLength(admitted);
    await big.close();
  },
);

inOneProcess('answers a fast 503 with Retry-After when the hash queue is full', async () => {
  const { HashQueueFullError } = await import('../../lib/hash-workers');
  jest.spyOn(HashWorkerPool.prototype, 'scrypt').mockRejectedValueOnce(new HashQueueFullError());
  const res = await attempt(t.fixture.teachers[0].nip, FIXTURE_PASSWORDS.teacher, '10.9.4.1');
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
  // 5,100 sign-ins, each hashed: 15 s alone at load 8, over 180 s beside the suite and browser tests at load 10;
  // the time allowed stays under the account's 10-minute delay
}, 540_000);

describe('POST /auth/change-password', () => {
  inOneProcess(
    'refuses an old_password beyond the password cap with a 400 naming the field, without hashing',
    async () => {
      const hashes = countHashes();
      await t.tokenFor('teacher');
      hashes.mockClear();
      const res = await t.injectWithLogin('teacher', {
        method: 'POST',
        url: '/api/v1/auth/change-password',
        payload: { old_password: 'x'.repeat(201), new_password: 'a-new-password' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Current password must be at most 200 characters.',
        field: 'old_password',
      });
      expect(hashes).not.toHaveBeenCalled();
    },
  );
});
