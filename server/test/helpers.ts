/**
 * Test helpers for API tests (Jest, through `app.inject`; no port is opened).
 *
 *   import { buildTestApp, type TestApp } from '../../test/helpers';
 *   let t: TestApp;
 *   beforeAll(async () => { t = await buildTestApp(); });
 *   afterAll(async () => { await t.close(); });
 *
 *   const res = await t.injectWithLogin('teacher', { method: 'GET', url: '/api/v1/classes/mine' });
 *   expect(res.statusCode).toBe(200);
 *   const classId = t.fixture.classes[0].id;         // grade 10, taught by teachers[0]
 *
 * - Database: a fresh SQLite file in a temp dir; or, when DATABASE_URL is set, a fresh PostgreSQL schema
 *   (`kelasku_test_core_<random>`, search_path) in that database, dropped again by `close()`. Migrations run first.
 * - Fixture (ids in `t.fixture`), password hashing made cheap for speed:
 *     admin     username `admin`                            password FIXTURE_PASSWORDS.admin
 *     teachers  [0] NIP 198001012005011001 Mathematics,    [1] NIP 198202022006022002 Biology   (FIXTURE_PASSWORDS.teacher)
 *     classes   [0] 'X IPA 1' grade 10 teacher[0],          [1] 'XI IPA 1' grade 11 teacher[1]
 *     students  [0] NIS 2024000001 grade 10, [1] NIS 2024000002 grade 10, [2] NIS 2024000003 grade 11 (FIXTURE_PASSWORDS.student)
 *     students are auto-assigned: [0],[1] → classes[0]; [2] → classes[1].
 * - `who` for tokens: 'admin' | 'teacher' (= teachers[0]) | 'teacher2' | 'student' (= students[0]) | 'student2' | 'student3'
 *   | any username (NIS/NIP) with its password in `t.passwords` or a fixture password. Tokens come from a real
 *   POST /api/v1/auth and are cached per TestApp (call `t.forgetTokens()` after changing passwords/roles).
 * - `t.inject(opts)` is a plain inject without a token.
 * - TWO_NODES=1 (PostgreSQL only, `scripts/test-two-nodes.sh`): a second, independent app ("node B") runs on the same
 *   schema — its own pool, its own Redis connection, its own copy of every server module (jest.isolateModules, so
 *   module-level caches are not shared, as with a second process) — and `t.app.inject`, `t.inject` and the logins
 *   alternate A, B, A, B… Both nodes share the login rate limit through Redis (REDIS_URL, default
 *   redis://127.0.0.1:6379, under a key prefix of their own). `t.app`/`t.db` stay node A's; `t.nodes` counts requests.
 */
import { searchText } from '@kelasku/shared-rules/src/search-text';
import { classNameKey } from '@kelasku/shared-rules/src/class-names';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../src/app';
import { generateDeliveryKeyPem } from '../src/domain/answer-delivery';
import { createProfileUser } from '../src/domain/repo/accounts';
import { assignStudentToGradeClasses } from '../src/domain/repo/assignments';
import { connectDatabase, type Db, type DbKind } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { hashPassword, setPasswordHashCost } from '../src/lib/passwords';

export const FIXTURE_PASSWORDS = {
  admin: 'admin-pass-1',
  teacher: 'teacher-pass-1',
  student: 'student-pass-1',
} as const;
export const TEST_JWT_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

export interface FixtureTeacher {
  id: number;
  user_id: number;
  name: string;
  nip: string;
  specialization: string;
}
export interface FixtureStudent {
  id: number;
  user_id: number;
  name: string;
  nis: string;
  grade: number;
}
export interface FixtureClass {
  id: number;
  name: string;
  grade: number;
  teacher_id: number;
}

export interface Fixture {
  admin: { user_id: number; username: string };
  teachers: FixtureTeacher[];
  classes: FixtureClass[];
  students: FixtureStudent[];
}

export type Who = 'admin' | 'teacher' | 'teacher2' | 'student' | 'student2' | 'student3' | (string & {});

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  kind: DbKind;
  fixture: Fixture;
  /** Extra username → password pairs (add here when a test creates an account it wants to log in as). */
  passwords: Record<string, string>;
  /** Username for a `who` alias. */
  usernameOf(who: Who): string;
  tokenFor(who: Who): Promise<string>;
  injectWithLogin(who: Who, options: InjectOptions): Promise<LightMyRequestResponse>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  forgetTokens(): void;
  close(): Promise<void>;
  /** TWO_NODES=1 only: how many requests each node (A, B) has served. */
  nodes?: { served: [number, number] };
}

/**
 * PostgreSQL test files run in parallel workers, each in its own schema of one database. Before it migrates, Kysely's
 * Migrator reads every column of every table in the database (pg_get_serial_sequence on each), which fails with
 * `relation "<schema>.<table>" does not exist` or `column "<c>" of relation "<table>" does not exist` when another
 * file drops its schema or migrates down (dropping tables and columns) at that moment. So in tests, migrations and
 * schema drops run one at a time, under this advisory lock. (Kysely's own migration lock is taken after that read.)
 */
const SCHEMA_CHANGE_LOCK = 1_171_602; // a number of our own (Kysely's migration lock uses another)

/** Runs `work` while no other test file migrates or drops its schema (PostgreSQL; on SQLite it just runs). */
export async function oneSchemaChangeAtATime<T>(work: (client?: pg.Client) => Promise<T>): Promise<T> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return work();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_CHANGE_LOCK]);
    return await work(client);
  } finally {
    await client.end(); // ends the session, which releases its advisory lock
  }
}

/** TWO_NODES=1: every TestApp is two app instances on one PostgreSQL schema (see the header). */
export const TWO_NODES = process.env.TWO_NODES === '1';

interface NodeModules {
  buildApp: typeof buildApp;
  connectDatabase: typeof connectDatabase;
  setPasswordHashCost: typeof setPasswordHashCost;
}

let nodeBModules: NodeModules | undefined;

/**
 * The server's modules loaded once more (once per test file) in a registry of their own: node B shares no module
 * state with node A, as with a second process.
 */
function isolatedNodeModules(): NodeModules {
  if (nodeBModules) return nodeBModules;
  let mods: NodeModules | undefined;
  jest.isolateModules(() => {
    /* eslint-disable @typescript-eslint/no-require-imports -- a second module registry needs require */
    mods = {
      buildApp: (require('../src/app') as typeof import('../src/app')).buildApp,
      connectDatabase: (require('../src/db/connect') as typeof import('../src/db/connect')).connectDatabase,
      setPasswordHashCost: (require('../src/lib/passwords') as typeof import('../src/lib/passwords'))
        .setPasswordHashCost,
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  });
  nodeBModules = mods!;
  return nodeBModules;
}

/** REDIS_URL with an ioredis keyPrefix, so parallel test files (and reruns within a window) never share counters. */
function redisUrlWithPrefix(prefix: string): string {
  const url = new URL(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  url.searchParams.set('keyPrefix', `${prefix}:`);
  return url.toString();
}

export interface TestAppOptions {
  /** Overrides for buildApp (e.g. loginRateLimit, staticDir). */
  app?: Partial<Omit<BuildAppOptions, 'db' | 'dbKind'>>;
  /** Skip the fixture (empty database). */
  empty?: boolean;
  /** Routes a test adds to the built app (on every node) before it is ready, as a route module would. */
  routes?: (app: FastifyInstance) => void;
}

async function seedFixture(db: Db): Promise<Fixture> {
  const [adminHash, teacherHash, studentHash] = await Promise.all([
    hashPassword(FIXTURE_PASSWORDS.admin),
    hashPassword(FIXTURE_PASSWORDS.teacher),
    hashPassword(FIXTURE_PASSWORDS.student),
  ]);
  return db.transaction().execute(async (trx) => {
    const admin = await trx
      .insertInto('users')
      .values({
        username: 'admin',
        email: 'admin@kelasku.local',
        password_hash: adminHash,
        role: 'admin',
        display_name: 'Admin',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const teachers: FixtureTeacher[] = [];
    for (const t of [
      { name: 'Budi Santoso', nip: '198001012005011001', specialization: 'Mathematics' },
      { name: 'Siti Aminah', nip: '198202022006022002', specialization: 'Biology' },
    ]) {
      const user_id = await createProfileUser(trx, {
        username: t.nip,
        role: 'teacher',
        displayName: t.name,
        passwordHash: teacherHash,
      });
      const row = await trx
        .insertInto('teachers')
        .values({
          ...t,
          name_search: searchText(t.name),
          status: 'Active',
          user_id,
          phone_number: null,
          profile_picture_url: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      teachers.push({ ...t, id: row.id, user_id });
    }
    const classes: FixtureClass[] = [];
    for (const c of [
      { name: 'X IPA 1', grade: 10, teacher_id: teachers[0].id },
      { name: 'XI IPA 1', grade: 11, teacher_id: teachers[1].id },
    ]) {
      const row = await trx
        .insertInto('classes')
        .values({ ...c, name_key: classNameKey(c.name), description: `Kelas ${c.name}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      classes.push({ ...c, id: row.id });
    }
    const students: FixtureStudent[] = [];
    for (const s of [
      { name: 'Andi Pratama', nis: '2024000001', grade: 10 },
      { name: 'Bunga Lestari', nis: '2024000002', grade: 10 },
      { name: 'Citra Dewi', nis: '2024000003', grade: 11 },
    ]) {
      const user_id = await createProfileUser(trx, {
        username: s.nis,
        role: 'student',
        displayName: s.name,
        passwordHash: studentHash,
      });
      const row = await trx
        .insertInto('students')
        .values({
          ...s,
          name_search: searchText(s.name),
          status: 'Active',
          user_id,
          phone_number: null,
          profile_picture_url: null,
          curr_score: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await assignStudentToGradeClasses(trx, row.id, s.grade);
      students.push({ ...s, id: row.id, user_id });
    }
    return { admin: { user_id: admin.id, username: 'admin' }, teachers, classes, students };
  });
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  setPasswordHashCost(1024);
  const databaseUrl = process.env.DATABASE_URL;
  let dropSchema: (() => Promise<void>) | undefined;
  let tmpDir: string | undefined;
  let handle;
  let pgSchema: string | undefined;
  if (TWO_NODES && !databaseUrl) throw new Error('TWO_NODES=1 needs DATABASE_URL (two nodes share one PostgreSQL)');
  if (databaseUrl) {
    const schema = `kelasku_test_core_${crypto.randomBytes(6).toString('hex')}`;
    pgSchema = schema;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    dropSchema = () =>
      oneSchemaChangeAtATime(async (c) => {
        await c!.query(`drop schema if exists ${schema} cascade`);
      });
    handle = connectDatabase({ databaseUrl, pgSchema: schema, poolSize: 4 });
  } else {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-test-'));
    handle = connectDatabase({ sqliteFile: path.join(tmpDir, 'test.sqlite') });
  }
  let fixture: Fixture;
  try {
    await oneSchemaChangeAtATime(() => migrateToLatest(handle.db, handle.kind, pgSchema));
    fixture = options.empty
      ? { admin: { user_id: 0, username: 'admin' }, teachers: [], classes: [], students: [] }
      : await seedFixture(handle.db);
  } catch (err) {
    await handle.close();
    if (dropSchema) await dropSchema();
    throw err;
  }

  const appOptions = {
    closeDb: true,
    jwtSecret: TEST_JWT_SECRET,
    loginRateLimit: { max: 1000, timeWindowMs: 60_000 },
    apiDocs: false,
    // Two nodes open each other's sealed answers: one delivery key for both, as in production.
    ...(TWO_NODES ? { redisUrl: redisUrlWithPrefix(pgSchema!), answersDeliveryKey: generateDeliveryKeyPem() } : {}),
    ...options.app,
  };
  // Node B's modules are loaded before node A connects to Redis: loading blocks the event loop for seconds on a
  // busy machine, longer than ioredis' connect timeout.
  const modulesB = TWO_NODES ? isolatedNodeModules() : undefined;
  const app = await buildApp({ db: handle.db, dbKind: handle.kind, ...appOptions });
  options.routes?.(app);
  await app.ready();

  let closeNodeB: (() => Promise<void>) | undefined;
  let nodes: TestApp['nodes'];
  if (modulesB) {
    const b = modulesB;
    b.setPasswordHashCost(1024);
    const handleB = b.connectDatabase({ databaseUrl, pgSchema, poolSize: 4 });
    let appB: FastifyInstance;
    try {
      appB = await b.buildApp({ db: handleB.db, dbKind: handleB.kind, ...appOptions });
      options.routes?.(appB);
      await appB.ready();
    } catch (err) {
      await handleB.close();
      await app.close();
      if (dropSchema) await dropSchema();
      throw err;
    }
    closeNodeB = () => appB.close();
    // Round robin: every request (also logins and tests' own t.app.inject) goes to the other node than the last one.
    const injectA = app.inject.bind(app);
    const injectB = appB.inject.bind(appB);
    const served: [number, number] = [0, 0];
    let turn = 0;
    nodes = { served };
    app.inject = ((injectOptions?: InjectOptions, callback?: unknown) => {
      const node = turn++ % 2;
      served[node]++;
      return (node === 0 ? injectA : injectB)(injectOptions as InjectOptions, callback as never);
    }) as FastifyInstance['inject'];
  }

  const passwords: Record<string, string> = {};
  const tokens = new Map<string, string>();

  const usernameOf = (who: Who): string => {
    switch (who) {
      case 'admin':
        return 'admin';
      case 'teacher':
        return fixture.teachers[0].nip;
      case 'teacher2':
        return fixture.teachers[1].nip;
      case 'student':
        return fixture.students[0].nis;
      case 'student2':
        return fixture.students[1].nis;
      case 'student3':
        return fixture.students[2].nis;
      default:
        return who;
    }
  };
  const passwordOf = (username: string): string => {
    if (passwords[username]) return passwords[username];
    if (username === 'admin') return FIXTURE_PASSWORDS.admin;
    if (fixture.teachers.some((t) => t.nip === username)) return FIXTURE_PASSWORDS.teacher;
    if (fixture.students.some((s) => s.nis === username)) return FIXTURE_PASSWORDS.student;
    throw new Error(`buildTestApp: no known password for "${username}" (add it to t.passwords)`);
  };

  const tokenFor = async (who: Who): Promise<string> => {
    const username = usernameOf(who);
    const cached = tokens.get(username);
    if (cached) return cached;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username, password: passwordOf(username) },
    });
    if (res.statusCode !== 200) throw new Error(`login as ${username} failed: ${res.statusCode} ${res.body}`);
    const token = res.json<{ token: string }>().token;
    tokens.set(username, token);
    return token;
  };

  return {
    app,
    db: handle.db,
    kind: handle.kind,
    fixture,
    passwords,
    usernameOf,
    tokenFor,
    async injectWithLogin(who, injectOptions) {
      const token = await tokenFor(who);
      return app.inject({ ...injectOptions, headers: { ...injectOptions.headers, authorization: `Bearer ${token}` } });
    },
    inject: (injectOptions) => app.inject(injectOptions),
    forgetTokens: () => tokens.clear(),
    nodes,
    async close() {
      await closeNodeB?.();
      await app.close();
      if (dropSchema) await dropSchema();
      if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
    },
  };
}
