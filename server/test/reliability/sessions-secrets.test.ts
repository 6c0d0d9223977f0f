/**
 * Sessions and secrets: token expiry, revocation of deleted / re-roled users, login rate limits under a brute-force
 * loop (one app, two apps sharing Redis, behind a proxy with a client-written X-Forwarded-For, with Redis down),
 * production defaults (no CORS for other origins, no /api/docs), production start-up without JWT_SECRET, security
 * headers on every response (CSP with the remotes' origins, HSTS, nosniff).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { OutgoingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { appOptionsFromConfig, loadConfig, REPO_ROOT } from '../../src/config';
import { buildTestApp, TWO_NODES, type TestApp } from '../helpers';
import { routeTable } from './route-table';
import { ruleFor } from './rules';
import { buildWorld, ok, type World } from './world';

jest.setTimeout(60_000);

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Decided when the file loads, so that the Redis test is reported as skipped (not passed) when Redis is down. */
function redisReachable(url: string): boolean {
  const u = new URL(url);
  const probe =
    `require('net').connect(${Number(u.port || 6379)}, ${JSON.stringify(u.hostname)})` +
    '.on("connect", () => process.exit(0)).on("error", () => process.exit(1))';
  return spawnSync(process.execPath, ['-e', probe], { timeout: 3000 }).status === 0;
}
const REDIS_UP = redisReachable(REDIS_URL);

const login = (t: TestApp, username: string, password: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url: '/api/v1/auth', payload: { username, password }, headers });
const withToken = (t: TestApp, token: string, url = '/api/v1/classes') =>
  t.inject({ method: 'GET', url, headers: { authorization: token } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('tokens', () => {
  let t: TestApp;
  // JWT times are whole seconds, so a 1 s token issued late in a second may already be dead when first used
  // (it was, once, through the two-node proxy): give it 3 s, then wait until just past its own exp.
  beforeAll(async () => {
    t = await buildTestApp({ app: { tokenTtlSeconds: 3 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('expire after TOKEN_TTL_SECONDS', async () => {
    const token = (await login(t, t.usernameOf('student'), 'student-pass-1')).json().token as string;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(3);
    expect((await withToken(t, token)).statusCode).toBe(200);
    await sleep(Math.max(0, (claims.exp + 1) * 1000 - Date.now()));
    const res = await withToken(t, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid token', message: 'Invalid token', code: 'session-expired' });
  });
});

describe('revocation', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await buildWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newStudentToken(): Promise<{ id: number; token: string }> {
    const s = await ok<{ id: number; nis: string; initial_password: string }>(t, 'admin', 'POST', '/students', {
      name: 'Hapus',
      nis: `20950000${w.seq()}`,
      grade: 10,
      status: 'Active',
    });
    const token = (await login(t, s.nis, s.initial_password)).json().token as string;
    return { id: s.id, token };
  }

  it("a deleted student's token stops working at once", async () => {
    const { id, token } = await newStudentToken();
    expect((await withToken(t, token)).statusCode).toBe(200);
    await ok(t, 'admin', 'DELETE', `/students?id=${id}`);
    expect((await withToken(t, token)).statusCode).toBe(401);
    expect((await withToken(t, token, '/api/v1/stats/student')).statusCode).toBe(401);
  });

  it("a deleted teacher's token stops working at once", async () => {
    const teacher = await ok<{ id: number; nip: string; initial_password: string }>(t, 'admin', 'POST', '/teachers', {
      name: 'Guru Hapus',
      nip: '209500000099',
      specialization: 'Art',
      status: 'Active',
    });
    const token = (await login(t, teacher.nip, teacher.initial_password)).json().token as string;
    expect((await withToken(t, token, '/api/v1/classes/mine')).statusCode).toBe(200);
    await ok(t, 'admin', 'DELETE', `/teachers?id=${teacher.id}`);
    expect((await withToken(t, token, '/api/v1/classes/mine')).statusCode).toBe(401);
  });

  it("a re-roled account's old token stops working (promotion and demotion)", async () => {
    const u = await ok<{ id: number }>(t, 'admin', 'POST', '/users', {
      username: 'calon-admin',
      email: 'calon@kelasku.local',
      password: 'password-123',
      role: 'user',
    });
    const userToken = (await login(t, 'calon-admin', 'password-123')).json().token as string;
    expect((await withToken(t, userToken)).statusCode).toBe(200);
    expect((await withToken(t, userToken, '/api/v1/users')).statusCode).toBe(403);
    await ok(t, 'admin', 'PUT', `/users?id=${u.id}`, {
      username: 'calon-admin',
      email: 'calon@kelasku.local',
      password: 'password-123',
      role: 'admin',
    });
    // the old 'user' token does not silently become an admin token, and does not keep working as 'user' either
    expect((await withToken(t, userToken, '/api/v1/users')).statusCode).toBe(401);
    expect((await withToken(t, userToken)).statusCode).toBe(401);
    const adminToken = (await login(t, 'calon-admin', 'password-123')).json().token as string;
    expect((await withToken(t, adminToken, '/api/v1/users')).statusCode).toBe(200);
    await ok(t, 'admin', 'PUT', `/users?id=${u.id}`, {
      username: 'calon-admin',
      email: 'calon@kelasku.local',
      password: 'password-123',
      role: 'user',
    });
    expect((await withToken(t, adminToken, '/api/v1/users')).statusCode).toBe(401);
  });
});

// The account delay after the free failures outlasts each test's loop (the 1 s default could run out on a busy machine).
const STEADY_DELAY = { firstDelayMs: 60_000, maxDelayMs: 60_000, forgetAfterMs: 600_000 };

describe('login rate limit under a brute-force loop', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ app: { loginRateLimit: { max: 5, timeWindowMs: 60_000, accountDelay: STEADY_DELAY } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('blocks after 5 attempts per (IP, username) — also the right password — and spoofed X-Forwarded-For does not reset it', async () => {
    const student = t.usernameOf('student');
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      // without TRUST_PROXY the forwarded address must not count as a new client
      const res = await login(t, student, `guess-${i}`, { 'x-forwarded-for': `10.0.${i}.1` });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toMatch(/^Too many attempts/);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect((await login(t, student, 'student-pass-1')).statusCode).toBe(429);
    // another account from the same address is not locked out (a whole school may share one NAT address)
    expect((await login(t, t.usernameOf('student2'), 'student-pass-1')).statusCode).toBe(200);
    // username variants give no way in: padded ones are the same (normalized) account, still blocked; others do not exist
    for (const variant of [` ${student}`, `${student} `, `\uff12${student.slice(1)}`])
      expect((await login(t, variant, 'student-pass-1')).statusCode).toBe(429);
    expect((await login(t, student.toUpperCase() + 'x', 'student-pass-1')).statusCode).toBe(401);
    // a NUL byte is refused as input on both databases (PostgreSQL text cannot hold it)
    expect((await login(t, `${student}\u0000`, 'student-pass-1')).statusCode).toBe(400);
  });
});

describe('login rate limit across two app instances sharing Redis', () => {
  (REDIS_UP ? it : it.skip)(`holds across both instances (${REDIS_URL})`, async () => {
    const limit = { loginRateLimit: { max: 5, timeWindowMs: 60_000, accountDelay: STEADY_DELAY }, redisUrl: REDIS_URL };
    const a = await buildTestApp({ app: limit });
    const b = await buildTestApp({ app: limit });
    try {
      const username = `bruteforce-${process.pid}-${Date.now()}`;
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await login(i % 2 === 0 ? a : b, username, `guess-${i}`)).statusCode);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('behind a reverse proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-rel-proxy-'));
  beforeAll(async () => {
    const { trustProxy } = loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '1' });
    t = await buildTestApp({ app: { trustProxy, loginRateLimit: { max: 5, perAddressMax: 5, timeWindowMs: 60_000 } } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes the address the proxy appended, so a client-written X-Forwarded-For does not reset the login limit', async () => {
    // a new username each time: the address limit (5 here) alone is what this checks
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // the client wrote the first entry; the proxy appended the address it saw
      const res = await login(t, `no-such-student-${i}`, `guess-${i}`, {
        'x-forwarded-for': `203.0.113.${i}, 198.51.100.7`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    // another client behind the proxy is not blocked
    expect(
      (await login(t, t.usernameOf('student'), 'student-pass-1', { 'x-forwarded-for': '198.51.100.8' })).statusCode,
    ).toBe(200);
  });
});

describe('Redis down', () => {
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    const stream = { write: (line: string) => void logged.push(line) };
    // nothing listens on port 1: every Redis command fails
    t = await buildTestApp({
      app: {
        redisUrl: 'redis://127.0.0.1:1',
        loginRateLimit: { max: 3, timeWindowMs: 60_000, accountDelay: STEADY_DELAY },
        logger: { level: 'warn', stream },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  // each node falls back to its own counters: one node's limit is what this checks
  (TWO_NODES ? it.skip : it)(
    'logins still answer, limited by in-process counters, and the fallback is logged',
    async () => {
      expect((await login(t, t.usernameOf('student'), 'student-pass-1')).statusCode).toBe(200);
      const other = t.usernameOf('student2');
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await login(t, other, `guess-${i}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      expect(logged.join('')).toMatch(/Redis.*in-process/i);
    },
  );
});

describe('production defaults (NODE_ENV=production, no CORS_ORIGINS, no API_DOCS)', () => {
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-rel-prod-defaults-'));
  beforeAll(async () => {
    const { corsOrigins, apiDocs } = appOptionsFromConfig(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir }),
    );
    t = await buildTestApp({ app: { corsOrigins, apiDocs } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('does not answer other origins (same-origin only)', async () => {
    const preflight = await t.inject({
      method: 'OPTIONS',
      url: '/api/v1/classes',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const token = await t.tokenFor('admin');
    const read = await t.inject({
      method: 'GET',
      url: '/api/v1/users',
      headers: { origin: 'https://evil.example', authorization: token },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves no /api/docs', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(404);
  });
});

describe('production start-up', () => {
  function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string; secretFile: boolean }> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-rel-prod-'));
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '3931',
      HOST: '127.0.0.1',
      ...env,
    };
    delete childEnv.JWT_SECRET;
    delete childEnv.DATABASE_URL;
    if (env.JWT_SECRET) childEnv.JWT_SECRET = env.JWT_SECRET;
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/main.ts')], {
        cwd: REPO_ROOT,
        env: childEnv,
      });
      let output = '';
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        const secretFile = fs.existsSync(path.join(dataDir, 'jwt-secret'));
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve({ code, output, secretFile });
      });
    });
  }

  it('refuses to start without JWT_SECRET, and with a short one, writing no secret file', async () => {
    const [missing, short] = await Promise.all([runMain({}), runMain({ JWT_SECRET: 'too-short' })]);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('JWT_SECRET is required when NODE_ENV=production');
    expect(missing.secretFile).toBe(false);
    expect(short.code).toBe(1);
    expect(short.output).toContain('JWT_SECRET must be at least 32 characters long');
  });
});

describe('security headers', () => {
  let t: TestApp;
  let remotesFile: string;
  beforeAll(async () => {
    remotesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-rel-remotes-')), 'remotes.json');
    fs.writeFileSync(
      remotesFile,
      JSON.stringify({
        admin: 'https://cdn-admin.example/remotes/admin/mf-manifest.json',
        teacher: '/remotes/teacher/mf-manifest.json',
        student: 'https://cdn-student.example:8443/mf-manifest.json',
      }),
    );
    t = await buildTestApp({ app: { remotesJson: remotesFile, trustProxy: true } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(path.dirname(remotesFile), { recursive: true, force: true });
  });

  function expectSecurityHeaders(headers: OutgoingHttpHeaders, where: string) {
    const csp = String(headers['content-security-policy'] ?? '');
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect({ where, nosniff: headers['x-content-type-options'] }).toEqual({ where, nosniff: 'nosniff' });
    expect({ where, hsts: String(headers['strict-transport-security'] ?? '') }).toEqual({
      where,
      hsts: expect.stringMatching(/max-age=\d{7,}/),
    });
    expect({ where, script: directive('script-src') }).toEqual({
      where,
      script: "script-src 'self' https://cdn-admin.example https://cdn-student.example:8443",
    });
    expect({ where, object: directive('object-src') }).toEqual({ where, object: "object-src 'none'" });
    expect({ where, frame: directive('frame-ancestors') }).toEqual({ where, frame: "frame-ancestors 'self'" });
    expect({ where, connect: directive('connect-src') }).toEqual({
      where,
      connect: expect.stringContaining('https://cdn-admin.example'),
    });
  }

  it('are on every response of every route (2xx, 4xx, 404, preflight, behind TLS)', async () => {
    const w = await buildWorld(t);
    const token = await t.tokenFor('admin');
    let checked = 0;
    for (const route of routeTable(t.app)) {
      const rule = ruleFor(route.method, route.url)!;
      const req = await rule.request(w, 'admin');
      for (const headers of [{ authorization: token, 'x-forwarded-proto': 'https' }, {}]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: req.url,
          headers: { ...headers, ...req.headers },
          ...(req.payload !== undefined ? { payload: req.payload as object } : {}),
        });
        expectSecurityHeaders(res.headers, `${route.method} ${req.url} → ${res.statusCode}`);
        checked++;
      }
    }
    for (const url of ['/api/v1/nope', '/api/v1/classes?id=abc', '/remotes.json']) {
      const res = await t.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expectSecurityHeaders(res.headers, `GET ${url} → ${res.statusCode}`);
      checked++;
    }
    expect(checked).toBeGreaterThan(200);
  });
});
