/**
 * The admin command as a school runs it in production (`node server/dist/admin.js create|reset <name>`, built here by
 * scripts/build-server.ts into a folder of this run; password on standard input): on SQLite and on PostgreSQL (own scratch database `rel_admin_*`, skipped when the server at
 * REL_PG_URL cannot be reached), then signing in through the API.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../app';
import { REPO_ROOT } from '../config';
import { connectDatabase, type DbHandle } from '../db/connect';
import { buildServer } from '../../../scripts/build-server';

jest.setTimeout(90_000);

const PG_ADMIN_URL = process.env.REL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const SECRET = 'admin-cli-test-secret-0123456789-abcdefghij';

let bundle: string;

beforeAll(async () => {
  bundle = await buildServer(
    REPO_ROOT,
    path.join(REPO_ROOT, 'server', 'dist', `.test-admin-${crypto.randomBytes(4).toString('hex')}`),
  );
});
afterAll(() => fs.rmSync(bundle, { recursive: true, force: true }));

async function pgReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The command with `input` on standard input and only the database the test names in its environment. */
function admin(args: string[], input: string, where: { dataDir: string } | { databaseUrl: string }): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  if ('dataDir' in where) env.DATA_DIR = where.dataDir;
  else env.DATABASE_URL = where.databaseUrl;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(bundle, 'admin.js'), ...args], { cwd: REPO_ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

async function appOn(handle: DbHandle, redisUrl?: string) {
  return buildApp({ db: handle.db, dbKind: handle.kind, jwtSecret: SECRET, apiDocs: false, redisUrl });
}

type App = Awaited<ReturnType<typeof appOn>>;

const signIn = (app: App, username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth', payload: { username, password } });

async function usernames(handle: DbHandle): Promise<string[]> {
  return (await handle.db.selectFrom('users').select('username').orderBy('username').execute()).map((r) => r.username);
}

describe('admin command on SQLite (DATA_DIR)', () => {
  let dataDir: string;
  let handle: DbHandle;
  const where = () => ({ dataDir });

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-admin-cli-'));
  });
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the first admin on an empty database (migrating it), who can then sign in through the API', async () => {
    const run = await admin(['create', 'kepala-tu'], 'rahasia-sekolah-1\n', where());
    expect(run).toMatchObject({ code: 0, stdout: expect.stringContaining('Admin "kepala-tu" created') });
    expect(run.stdout + run.stderr).not.toContain('rahasia-sekolah-1');
    handle = connectDatabase({ sqliteFile: path.join(dataDir, 'kelasku.sqlite') });
    const app = await appOn(handle);
    try {
      const res = await signIn(app, 'kepala-tu', 'rahasia-sekolah-1');
      expect(res.statusCode).toBe(200);
      const me = await app.inject({
        method: 'GET',
        url: '/api/v1/students',
        headers: { authorization: res.json().token },
      });
      expect(me.statusCode).toBe(200); // an admin-only route
    } finally {
      await app.close();
    }
  });

  it('refuses a second create of the same name (also written in another Unicode form) and leaves the account alone', async () => {
    const again = await admin(['create', 'kepala-tu'], 'another-password-2\n', where());
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already used by an admin account');
    const fullwidth = await admin(['create', 'ｋｅｐａｌａ-ｔｕ'], 'another-password-2\n', where());
    expect(fullwidth.code).toBe(1);
    const app = await appOn(handle);
    try {
      expect((await signIn(app, 'kepala-tu', 'rahasia-sekolah-1')).statusCode).toBe(200);
      expect((await signIn(app, 'kepala-tu', 'another-password-2')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('refuses a weak or missing password, a password in the arguments and a bad name; nothing is created', async () => {
    const before = await usernames(handle);
    const weak = await admin(['create', 'operator'], '1234567\n', where());
    expect(weak).toMatchObject({ code: 1, stderr: expect.stringContaining('at least 8 characters') });
    expect((await admin(['create', 'operator'], '', where())).code).toBe(1);
    // 7 characters that are 14 UTF-16 units: the rule counts characters
    expect((await admin(['create', 'operator'], '😀😀😀😀😀😀😀\n', where())).code).toBe(1);
    const argv = await admin(['create', 'operator', '--password', 'rahasia-sekolah-9'], 'rahasia-sekolah-9\n', where());
    expect(argv).toMatchObject({ code: 2, stderr: expect.stringContaining('shell history') });
    expect((await admin(['create', 'ad\u200bmin'], 'rahasia-sekolah-9\n', where())).code).toBe(2);
    expect((await admin(['create', 'x'.repeat(101)], 'rahasia-sekolah-9\n', where())).code).toBe(2);
    expect((await admin(['drop', 'operator'], '', where())).code).toBe(2);
    expect(await usernames(handle)).toEqual(before);
  });

  it('reset: the new password works, the old one and every session end, and a blocked sign-in is unblocked at once', async () => {
    const app = await appOn(handle);
    try {
      const token = (await signIn(app, 'kepala-tu', 'rahasia-sekolah-1')).json().token as string;
      // someone guessed until the account is delayed (in-process counters of a running node): past the free failures
      // each failure delays the next attempt, answered 429 while the delay runs
      for (let i = 0; i < 10; i++)
        expect([401, 429]).toContain((await signIn(app, 'kepala-tu', `wrong-guess-${i}`)).statusCode);
      expect((await signIn(app, 'kepala-tu', 'rahasia-sekolah-1')).statusCode).toBe(429);

      const weak = await admin(['reset', 'kepala-tu'], 'short\n', where());
      expect(weak.code).toBe(1);
      const run = await admin(['reset', 'kepala-tu'], 'password-baru-2\r\n', where());
      expect(run).toMatchObject({ code: 0, stdout: expect.stringContaining('New password set') });

      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/students', headers: { authorization: token } })).statusCode,
      ).toBe(401);
      expect((await signIn(app, 'kepala-tu', 'password-baru-2')).statusCode).toBe(200);
      expect((await signIn(app, 'kepala-tu', 'rahasia-sekolah-1')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('reset refuses an unknown name and a student or teacher account', async () => {
    expect(await admin(['reset', 'nobody-here'], 'password-baru-3\n', where())).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no account named'),
    });
    await handle.db
      .insertInto('users')
      .values({
        username: '2024000001',
        email: 's@student.kelasku.local',
        password_hash: 'x',
        role: 'student',
        display_name: 'S',
      })
      .execute();
    expect(await admin(['reset', '2024000001'], 'password-baru-3\n', where())).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('not an admin'),
    });
  });
});

describe('admin command on PostgreSQL (DATABASE_URL)', () => {
  let up = false;
  let name: string;
  let databaseUrl: string;
  let handle: DbHandle | undefined;

  beforeAll(async () => {
    up = await pgReachable();
    if (!up) return;
    name = `rel_admin_${crypto.randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: PG_ADMIN_URL });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    await handle?.close();
    if (!up) return;
    const client = new pg.Client({ connectionString: PG_ADMIN_URL });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });

  it('creates an admin on an empty database, refuses the same name twice, and a reset clears the Redis counters too', async () => {
    if (!up) return console.warn('skipped: no PostgreSQL at REL_PG_URL');
    expect(
      (await admin(['create', 'admin', '--email', 'TU@sma1.sch.id'], 'rahasia-sekolah-1\n', { databaseUrl })).code,
    ).toBe(0);
    expect((await admin(['create', 'admin'], 'rahasia-sekolah-2\n', { databaseUrl })).code).toBe(1);
    handle = connectDatabase({ databaseUrl });
    expect(await handle.db.selectFrom('users').select(['username', 'email', 'role']).execute()).toEqual([
      { username: 'admin', email: 'tu@sma1.sch.id', role: 'admin' },
    ]);

    // Two nodes sharing sign-in counters through Redis (under a prefix of this run), when Redis is there
    const redis = new URL(REDIS_URL);
    redis.searchParams.set('keyPrefix', `${name}:`);
    const nodes = [await appOn(handle, redis.toString()), await appOn(handle, redis.toString())];
    try {
      expect((await signIn(nodes[0], 'admin', 'rahasia-sekolah-1')).statusCode).toBe(200);
      for (let i = 0; i < 10; i++)
        expect([401, 429]).toContain((await signIn(nodes[i % 2], 'admin', `wrong-guess-${i}`)).statusCode);
      expect((await signIn(nodes[0], 'admin', 'rahasia-sekolah-1')).statusCode).toBe(429);
      expect((await admin(['reset', 'admin'], 'password-baru-2\n', { databaseUrl })).code).toBe(0);
      expect((await signIn(nodes[1], 'admin', 'password-baru-2')).statusCode).toBe(200);
      expect((await signIn(nodes[0], 'admin', 'password-baru-2')).statusCode).toBe(200);
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
    }
  });
});
