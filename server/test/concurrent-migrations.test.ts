/**
 * Two nodes of the production build (`node server/dist/main.js`) started at the same moment on one PostgreSQL database
 * — empty, or left by an older release (only its migrations applied): one migrates, the other waits for it, and both
 * then serve and report ready; every migration is recorded once. A node of the previous release still starts on a
 * database a newer release has migrated (a rolling upgrade). Own scratch databases `rel_migrate_*`, skipped when the
 * server at REL_PG_URL cannot be reached.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { buildServer } from '../../scripts/build-server';
import { REPO_ROOT } from '../src/config';
import { connectDatabase } from '../src/db/connect';
import { allMigrations, migrateToLatest } from '../src/db/migrate';
import { TEST_JWT_SECRET } from './helpers';

jest.setTimeout(180_000);

const PG_ADMIN_URL = process.env.REL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ALL = Object.keys(allMigrations('postgres'));

let up = false;
let bundle: string;
const databases: string[] = [];

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  up = await admin(async () => true).catch(() => false);
  if (!up) return;
  bundle = await buildServer(
    REPO_ROOT,
    path.join(REPO_ROOT, 'server', 'dist', `.test-migrate-${crypto.randomBytes(4).toString('hex')}`),
  );
});
afterAll(async () => {
  if (!up) return;
  fs.rmSync(bundle, { recursive: true, force: true });
  await admin(async (client) => {
    for (const name of databases) await client.query(`drop database if exists ${name} with (force)`);
  });
});

async function scratchDatabase(): Promise<string> {
  const name = `rel_migrate_${crypto.randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  databases.push(name);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

interface Node {
  child: ChildProcess;
  port: number;
  output: () => string;
}

function startNode(databaseUrl: string, port: number): Node {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: TEST_JWT_SECRET,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    EXAM_AUTO_SUBMIT: '0',
  };
  delete env.REDIS_URL;
  delete env.DATA_DIR;
  const child = spawn(process.execPath, [path.join(bundle, 'main.js')], { cwd: REPO_ROOT, env });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  return { child, port, output: () => output };
}

/** Waits until the node reports ready, or fails with its output when it exits or takes over a minute. */
async function ready(node: Node): Promise<unknown> {
  const started = Date.now();
  for (;;) {
    if (node.child.exitCode !== null) throw new Error(`node exited with ${node.child.exitCode}:\n${node.output()}`);
    if (Date.now() - started > 90_000) throw new Error(`node not ready after 90 s:\n${node.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${node.port}/api/v1/health/ready`);
      if (res.status === 200) return res.json();
    } catch {
      // not listening yet (still waiting for the other node's migrations, or starting)
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(node: Node): Promise<void> {
  if (node.child.exitCode !== null) return;
  const exited = new Promise((r) => node.child.once('exit', r));
  node.child.kill('SIGTERM');
  await exited;
}

async function startTwoAtOnce(databaseUrl: string) {
  const nodes = [startNode(databaseUrl, await freePort()), startNode(databaseUrl, await freePort())];
  try {
    const states = await Promise.all(nodes.map(ready));
    expect(states).toEqual(
      [0, 1].map(() => ({ status: 'ready', database: 'ok', redis: 'not configured', stopping: false })),
    );
    // both serve: a sign-in attempt reaches the database through each
    for (const node of nodes) {
      const res = await fetch(`http://127.0.0.1:${node.port}/api/v1/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nobody', password: 'nothing-12' }),
      });
      expect(res.status).toBe(401);
    }
  } finally {
    await Promise.all(nodes.map(stop));
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('select name from kysely_migration order by name');
    expect(rows.map((r) => r.name)).toEqual(ALL);
  } finally {
    await client.end();
  }
}

it('two nodes on an empty database: one migrates, the other waits, both serve', async () => {
  if (!up) return console.warn('skipped: no PostgreSQL at REL_PG_URL');
  await startTwoAtOnce(await scratchDatabase());
});

it('two nodes on the database of an older release (half the migrations applied): both serve after one upgrade', async () => {
  if (!up) return console.warn('skipped: no PostgreSQL at REL_PG_URL');
  const databaseUrl = await scratchDatabase();
  const handle = connectDatabase({ databaseUrl });
  try {
    const older = ALL[Math.floor(ALL.length / 2)];
    const { error } = await new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => allMigrations('postgres') },
    }).migrateTo(older);
    expect(error).toBeUndefined();
  } finally {
    await handle.close();
  }
  await startTwoAtOnce(databaseUrl);
});

it('four migrators started in the same instant on an empty database (one event loop, four pools): all succeed', async () => {
  if (!up) return console.warn('skipped: no PostgreSQL at REL_PG_URL');
  const databaseUrl = await scratchDatabase();
  const handles = Array.from({ length: 4 }, () => connectDatabase({ databaseUrl, poolSize: 2 }));
  try {
    const outcomes = await Promise.all(handles.map((h) => migrateToLatest(h.db, h.kind)));
    expect(outcomes).toEqual(handles.map(() => ({ newerMigrations: [] })));
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      handles[0].db,
    );
    expect(rows.map((r) => r.name)).toEqual(ALL);
  } finally {
    await Promise.all(handles.map((h) => h.close()));
  }
});

it('a node of the previous release starts and serves on a database the next release has migrated', async () => {
  if (!up) return console.warn('skipped: no PostgreSQL at REL_PG_URL');
  const databaseUrl = await scratchDatabase();
  const handle = connectDatabase({ databaseUrl });
  try {
    await migrateToLatest(handle.db, handle.kind);
    // what the next release would have added (an additive migration this version does not know)
    await sql`create table next_release_notes (id integer primary key)`.execute(handle.db);
    await sql`insert into kysely_migration (name, timestamp) values ('9999_next_release', ${new Date().toISOString()})`.execute(
      handle.db,
    );
  } finally {
    await handle.close();
  }
  const node = startNode(databaseUrl, await freePort());
  try {
    expect(await ready(node)).toEqual({ status: 'ready', database: 'ok', redis: 'not configured', stopping: false });
    expect(node.output()).toContain("newer release's migrations (9999_next_release)");
  } finally {
    await stop(node);
  }
});

it("refuses a database with another release's migrations that lacks some of this one's", async () => {
  if (!up) return console.warn('skipped: no PostgreSQL at REL_PG_URL');
  const databaseUrl = await scratchDatabase();
  const handle = connectDatabase({ databaseUrl });
  try {
    await new Migrator({ db: handle.db, provider: { getMigrations: async () => allMigrations('postgres') } }).migrateTo(
      ALL[2],
    );
    await sql`insert into kysely_migration (name, timestamp) values ('9999_next_release', ${new Date().toISOString()})`.execute(
      handle.db,
    );
    await expect(migrateToLatest(handle.db, handle.kind)).rejects.toThrow(/lacks .*0004_images/);
  } finally {
    await handle.close();
  }
});
