/**
 * The sign-in throttles with their default numbers (login-limits.ts): per account over all addresses (a delay doubling
 * from 1 s to 60 s), per address with IPv6 counted per /64, the device cookie that exempts a known device, and
 * change-password counted per session. Also run through two nodes sharing Redis (scripts/test-two-nodes.sh).
 */
import { HashWorkerPool } from '../../lib/hash-workers';
import { SIGN_IN_QUEUE_CAPACITY } from '../../lib/passwords';
import { buildTestApp, FIXTURE_PASSWORDS, TWO_NODES, type TestApp } from '../../../test/helpers';
import { DEFAULT_LOGIN_LIMITS } from './login-limits';

const inOneProcess = TWO_NODES ? it.skip : it;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ app: { loginRateLimit: DEFAULT_LOGIN_LIMITS } });
  // The admin signs in before the first test floods the admin account (its token is kept for the tests after it).
  await t.tokenFor('admin');
});
afterAll(async () => {
  await t.close();
});
afterEach(() => jest.restoreAllMocks());

interface Try {
  username: string;
  password?: string;
  from?: string;
  cookie?: string;
  headers?: Record<string, string>;
}
const signIn = ({ username, password = 'wrong-password', from = '127.0.0.1', cookie, headers = {} }: Try) =>
  t.inject({
    method: 'POST',
    url: '/api/v1/auth',
    payload: { username, password },
    remoteAddress: from,
    headers: cookie ? { ...headers, cookie } : headers,
  });

/** The `name=value` of the device cookie a successful sign-in set. */
function deviceCookieOf(res: Awaited<ReturnType<typeof signIn>>): string {
  const header = res.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header]).find((c) => c?.startsWith('kelasku_device_'));
  if (!line) throw new Error(`no device cookie in ${JSON.stringify(header)} (${res.statusCode} ${res.body})`);
  return line.split(';')[0];
}

/** Date.now under the test's control (both nodes and the Redis script take the time from it). */
function clock() {
  let now = Date.now();
  jest.spyOn(Date, 'now').mockImplementation(() => now);
  return { advance: (ms: number) => void (now += ms) };
}

describe('per account, over all addresses', () => {
  it('answers 429 with Retry-After to a guesser rotating through the addresses of one IPv6 /64 (never held open)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 400; i++) {
      const res = await signIn({ username: 'admin', from: `2001:db8:5:7::${(i % 40).toString(16)}` });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
        expect(res.json().code).toBe('too-many-attempts');
      }
    }
    // 5 free failures, then at most one guess per running delay (1 s, 2 s, 4 s … while the loop lasts)
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(12);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(388);
  }, 60_000);

  it('doubles the delay from 1 s up to 60 s and never locks: the right password gets in once the delay has run', async () => {
    const { advance } = clock();
    const username = t.fixture.teachers[1].nip;
    for (let i = 0; i < 5; i++) expect((await signIn({ username, from: `10.20.0.${i + 1}` })).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const refused = await signIn({ username, password: FIXTURE_PASSWORDS.teacher, from: '10.20.1.1' });
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      advance(wait * 1000);
      // the guesser uses each delay's end
      expect((await signIn({ username, from: `10.20.2.${i + 1}` })).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    advance(60_000);
    expect((await signIn({ username, password: FIXTURE_PASSWORDS.teacher, from: '10.20.1.1' })).statusCode).toBe(200);
    // the success clears the account's failures
    expect((await signIn({ username, from: '10.20.3.1' })).statusCode).toBe(401);
  });

  it('does not slow other accounts behind the same address', async () => {
    const victim = t.fixture.students[1].nis;
    for (let i = 0; i < 6; i++) await signIn({ username: victim, from: '10.21.0.1' });
    expect(
      (await signIn({ username: victim, password: FIXTURE_PASSWORDS.student, from: '10.21.0.1' })).statusCode,
    ).toBe(429);
    expect(
      (await signIn({ username: t.fixture.students[0].nis, password: FIXTURE_PASSWORDS.student, from: '10.21.0.1' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('per address', () => {
  it('counts an IPv6 /64 as one address, an IPv4-mapped address as its IPv4 one', async () => {
    for (let i = 0; i < 100; i++)
      expect(
        (await signIn({ username: `made-up-v6-${i}`, from: `2001:db8:aa:1:${i.toString(16)}::1` })).statusCode,
      ).toBe(401);
    expect((await signIn({ username: 'made-up-v6-next', from: '2001:db8:aa:1:ffff:ffff:ffff:fffe' })).statusCode).toBe(
      429,
    );
    // the next /64 is another network
    expect((await signIn({ username: 'made-up-v6-next', from: '2001:db8:aa:2::1' })).statusCode).toBe(401);
    for (let i = 0; i < 100; i++) await signIn({ username: `made-up-v4-${i}`, from: '10.22.0.1' });
    expect((await signIn({ username: 'made-up-v4-next', from: '::ffff:10.22.0.1' })).statusCode).toBe(429);
  }, 60_000);
});

describe('a device that signed in before (device cookie)', () => {
  it('gets a signed HttpOnly SameSite=Strict cookie for the sign-in routes only', async () => {
    const res = await signIn({
      username: t.fixture.students[2].nis,
      password: FIXTURE_PASSWORDS.student,
      from: '10.23.0.1',
    });
    expect(res.statusCode).toBe(200);
    const line = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('kelasku_device_'))!;
    expect(line).toMatch(/; Path=\/api\/v1\/auth(;|$)/);
    expect(line).toMatch(/; HttpOnly(;|$)/);
    expect(line).toMatch(/; SameSite=Strict(;|$)/);
    expect(line).toMatch(/; Max-Age=\d+/);
    expect(line).not.toMatch(/Secure/); // plain http here; over https it is Secure
    // the value is signed: changing any character of it makes it worthless
    const [name, value] = deviceCookieOf(res).split('=');
    const tampered = `${name}=${decodeURIComponent(value).replace(/^\d+/, (id) => String(Number(id) + 1))}`;
    const username = t.fixture.students[2].nis;
    for (let i = 0; i < 5; i++) await signIn({ username, from: `10.23.1.${i + 1}` });
    expect(
      (await signIn({ username, password: FIXTURE_PASSWORDS.student, from: '10.23.0.1', cookie: tampered })).statusCode,
    ).toBe(429);
  });

  it('exempts only its account on that device from the account and address throttles, until the password is reset', async () => {
    // past every delay earlier tests left on these accounts (however fast they ran)
    clock().advance(120_000);
    const student = t.fixture.students[0];
    const school = '10.24.0.1';
    const mine = deviceCookieOf(
      await signIn({ username: student.nis, password: FIXTURE_PASSWORDS.student, from: school }),
    );
    // someone guesses this student's password from elsewhere, and a flood fills the school's address budget
    for (let i = 0; i < 8; i++) await signIn({ username: student.nis, from: `10.24.1.${i + 1}` });
    for (let i = 0; i < 100; i++) await signIn({ username: `made-up-school-${i}`, from: school });
    expect(
      (await signIn({ username: student.nis, password: FIXTURE_PASSWORDS.student, from: school })).statusCode,
    ).toBe(429);
    expect(
      (await signIn({ username: student.nis, password: FIXTURE_PASSWORDS.student, from: school, cookie: mine }))
        .statusCode,
    ).toBe(200);
    // the cookie is this account's: under another account's name it exempts nothing
    const other = t.fixture.students[1];
    const otherName = deviceCookieOf(
      await signIn({ username: other.nis, password: FIXTURE_PASSWORDS.student, from: '10.24.2.1' }),
    ).split('=')[0];
    for (let i = 0; i < 8; i++) await signIn({ username: other.nis, from: `10.24.3.${i + 1}` });
    const borrowed = `${otherName}=${mine.split('=')[1]}`;
    expect(
      (await signIn({ username: other.nis, password: FIXTURE_PASSWORDS.student, from: '10.24.2.1', cookie: borrowed }))
        .statusCode,
    ).toBe(429);
    // a password reset revokes it
    const reset = await t.injectWithLogin('admin', {
      method: 'POST',
      url: `/api/v1/students/reset-password?id=${student.id}`,
    });
    const newPassword = reset.json().initial_password as string;
    for (let i = 0; i < 8; i++) await signIn({ username: student.nis, from: `10.24.4.${i + 1}` });
    expect(
      (await signIn({ username: student.nis, password: newPassword, from: '10.24.5.1', cookie: mine })).statusCode,
    ).toBe(429);
    t.passwords[student.nis] = newPassword;
  }, 60_000);

  it('has a back-off of its own: a stolen cookie is no unlimited guessing', async () => {
    const username = t.fixture.teachers[0].nip;
    const cookie = deviceCookieOf(await signIn({ username, password: FIXTURE_PASSWORDS.teacher, from: '10.25.0.1' }));
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await signIn({ username, from: '10.25.0.1', cookie })).statusCode);
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.slice(5)).toContain(429);
  });

  it('lets the original client (another origin, no credentials, no cookie) sign in as before', async () => {
    const res = await signIn({
      username: t.fixture.teachers[0].nip,
      password: FIXTURE_PASSWORDS.teacher,
      from: '10.26.0.1',
      headers: { origin: 'https://client.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['token']);
  });

  inOneProcess(
    'gets a hashing slot of its own: a flood from its own address does not turn it away',
    async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const big = await buildTestApp({ app: { loginRateLimit: { ...DEFAULT_LOGIN_LIMITS, perAddressMax: 10_000 } } });
      const username = big.fixture.students[2].nis;
      const signedIn = await big.inject({
        method: 'POST',
        url: '/api/v1/auth',
        payload: { username, password: FIXTURE_PASSWORDS.student },
        remoteAddress: '10.27.0.1',
      });
      const cookie = deviceCookieOf(signedIn);
      const hashes = jest.spyOn(HashWorkerPool.prototype, 'scrypt').mockImplementation(async (job) => {
        await gate;
        return Buffer.alloc(job.keylen);
      });
      try {
        const flood = Array.from({ length: SIGN_IN_QUEUE_CAPACITY / 2 + 10 }, (_, i) =>
          big.inject({
            method: 'POST',
            url: '/api/v1/auth',
            payload: { username: `flood-${i}`, password: 'x' },
            remoteAddress: '10.27.0.1',
          }),
        );
        for (let spins = 0; hashes.mock.calls.length < SIGN_IN_QUEUE_CAPACITY / 2 && spins < 100_000; spins++)
          await new Promise((r) => setImmediate(r));
        // the address holds its whole share: a sign-in without the cookie is turned away, the known device is queued ahead
        const stranger = await big.inject({
          method: 'POST',
          url: '/api/v1/auth',
          payload: { username: 'admin', password: 'x' },
          remoteAddress: '10.27.0.1',
        });
        expect(stranger.statusCode).toBe(503);
        const known = big.inject({
          method: 'POST',
          url: '/api/v1/auth',
          payload: { username, password: 'x' },
          remoteAddress: '10.27.0.1',
          headers: { cookie },
        });
        const before = hashes.mock.calls.length;
        for (let spins = 0; hashes.mock.calls.length === before && spins < 100_000; spins++)
          await new Promise((r) => setImmediate(r));
        expect(hashes.mock.calls.at(-1)![1]).toBe('trusted');
        release();
        await Promise.all(flood);
        expect((await known).statusCode).toBe(401);
      } finally {
        release();
        await big.close();
      }
    },
    60_000,
  );
});

describe('change-password, per session', () => {
  const change = (token: string, old_password: string, new_password = 'a-brand-new-password') =>
    t.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: { authorization: `Bearer ${token}` },
      payload: { old_password, new_password },
    });
  const tokenOf = async (username: string, password: string, from: string) => {
    const res = await signIn({ username, password, from });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };

  it('ends a session at its 5th wrong password, and the owner can still change the password and end every other session', async () => {
    const username = t.fixture.teachers[1].nip;
    const thief = await tokenOf(username, FIXTURE_PASSWORDS.teacher, '10.28.0.1');
    for (let i = 0; i < 4; i++) expect((await change(thief, `guess-${i}`)).statusCode).toBe(400);
    const fifth = await change(thief, 'guess-5');
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().code).toBe('session-expired');
    const classes = await t.inject({ method: 'GET', url: '/api/v1/classes/mine', headers: { authorization: thief } });
    expect(classes.statusCode).toBe(401);
    // the owner signs in again and changes the password: their failures are not the thief's
    const owner = await tokenOf(username, FIXTURE_PASSWORDS.teacher, '10.28.1.1');
    const otherDevice = await tokenOf(username, FIXTURE_PASSWORDS.teacher, '10.28.2.1');
    expect((await change(owner, 'my-own-typo')).statusCode).toBe(400);
    const changed = await change(owner, FIXTURE_PASSWORDS.teacher, 'owner-new-password');
    expect(changed.statusCode).toBe(200);
    // the changing device keeps a device cookie (the old ones ended with the old password)
    expect(deviceCookieOf(changed as never)).toMatch(/^kelasku_device_/);
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/classes/mine', headers: { authorization: otherDevice } }))
        .statusCode,
    ).toBe(401);
    const fresh = changed.json().token as string;
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/classes/mine', headers: { authorization: fresh } })).statusCode,
    ).toBe(200);
    // the fresh token is the same session: same sid, same sign-in time
    const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    expect(claims(fresh)).toMatchObject({ sid: claims(owner).sid, auth_time: claims(owner).auth_time });
    t.passwords[username] = 'owner-new-password';
  });

  it('counts a session, not the account: four failures of one session leave another session its five', async () => {
    // an account of its own: the fixture's accounts may still be in a back-off the tests above started
    const username = 'two-sessions';
    const password = 'two-sessions-password';
    const created = await t.injectWithLogin('admin', {
      method: 'POST',
      url: '/api/v1/users',
      payload: { username, email: 'two-sessions@example.com', password, role: 'user' },
    });
    expect(created.statusCode).toBe(200);
    const a = await tokenOf(username, password, '10.29.0.1');
    const b = await tokenOf(username, password, '10.29.0.2');
    for (let i = 0; i < 4; i++) expect((await change(a, `a-${i}`)).statusCode).toBe(400);
    for (let i = 0; i < 4; i++) expect((await change(b, `b-${i}`)).statusCode).toBe(400);
    expect(
      (await t.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { authorization: a } })).statusCode,
    ).toBe(200);
  });
});
