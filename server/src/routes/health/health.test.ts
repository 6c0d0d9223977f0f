import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../app';
import { connectDatabase, type DbHandle } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { TEST_JWT_SECRET } from '../../../test/helpers';

jest.setTimeout(30_000);

const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

let dir: string;
const handles: DbHandle[] = [];
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-health-'));
});
afterAll(async () => {
  await Promise.all(handles.map((h) => h.close().catch(() => undefined)));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function appOn(options: { migrated: boolean; databaseUrl?: string; pgSchema?: string; redisUrl?: string }) {
  const handle = connectDatabase(
    options.databaseUrl
      ? { databaseUrl: options.databaseUrl, pgSchema: options.pgSchema, poolSize: 1 }
      : { sqliteFile: path.join(dir, `${handles.length}.sqlite`) },
  );
  handles.push(handle);
  if (options.migrated) await migrateToLatest(handle.db, handle.kind);
  const app = await buildApp({
    db: handle.db,
    dbKind: handle.kind,
    jwtSecret: TEST_JWT_SECRET,
    apiDocs: false,
    redisUrl: options.redisUrl,
  });
  return { app, handle };
}

const ready = async (app: Awaited<ReturnType<typeof appOn>>['app']) => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
  return { status: res.statusCode, body: res.json() };
};

it('live answers 200 without a token', async () => {
  const { app } = await appOn({ migrated: true });
  const res = await app.inject({ method: 'GET', url: '/api/v1/health/live' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: 'live' });
  await app.close();
});

it('ready is 200 on a migrated database, 503 while one migration is missing and while stopping', async () => {
  const older = await appOn({ migrated: true });
  // a database one migration behind this version (an older release's)
  const last = '0012_material_forum_page_index';
  const { rows } = await sql<{
    timestamp: string;
  }>`select timestamp from kysely_migration where name = ${last}`.execute(older.handle.db);
  await sql`delete from kysely_migration where name = ${last}`.execute(older.handle.db);
  expect(await ready(older.app)).toEqual({
    status: 503,
    body: { status: 'not ready', database: 'not migrated', redis: 'not configured', stopping: false },
  });
  await sql`insert into kysely_migration (name, timestamp) values (${last}, ${rows[0].timestamp})`.execute(
    older.handle.db,
  );
  expect(await ready(older.app)).toEqual({
    status: 200,
    body: { status: 'ready', database: 'ok', redis: 'not configured', stopping: false },
  });

  older.app.lifecycle.stopping = true;
  expect(await ready(older.app)).toEqual({
    status: 503,
    body: { status: 'not ready', database: 'ok', redis: 'not configured', stopping: true },
  });
  await older.app.close();
});

it('ready is 503 "unreachable" when the database does not answer, "not migrated" on an empty one', async () => {
  const { app } = await appOn({ migrated: false, databaseUrl: 'postgres://postgres@127.0.0.1:1/nothing' });
  expect(await ready(app)).toMatchObject({ status: 503, body: { status: 'not ready', database: 'unreachable' } });
  await app.close();
  // a schema nothing was ever created in (its search_path names a schema that does not exist)
  const empty = await appOn({ migrated: false, databaseUrl: PG_URL, pgSchema: `kelasku_health_empty_${process.pid}` });
  const { body } = await ready(empty.app);
  await empty.app.close();
  if (body.database === 'unreachable') return console.warn(`skipped: no PostgreSQL at ${PG_URL}`);
  expect(body).toMatchObject({ status: 'not ready', database: 'not migrated' });
});

it('reports Redis as unreachable without being unready (sign-ins fall back to in-process counters)', async () => {
  const { app } = await appOn({ migrated: true, redisUrl: 'redis://127.0.0.1:1' });
  expect(await ready(app)).toEqual({
    status: 200,
    body: { status: 'ready', database: 'ok', redis: 'unreachable', stopping: false },
  });
  await app.close();
});

it('reports Redis as connected when it answers (skipped without a local Redis)', async () => {
  const { app } = await appOn({ migrated: true, redisUrl: REDIS_URL });
  const { body } = await ready(app);
  await app.close();
  if (body.redis === 'unreachable') return console.warn(`skipped: no Redis at ${REDIS_URL}`);
  expect(body).toEqual({ status: 'ready', database: 'ok', redis: 'connected', stopping: false });
});
