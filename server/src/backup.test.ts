/**
 * Backups: the documented commands (`npm run backup|restore -w server -- <file>`, i.e. `tsx src/backup.ts`) back up a
 * live database and restore it; after the restore the API finds the data of backup time and nothing written later.
 * SQLite always; PostgreSQL when pg_dump/pg_restore are installed and the server at REL_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) is reachable (own scratch database `rel_backup_*`).
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from './app';
import { backupSqlite, pgToolsAvailable, restoreSqlite, sqliteIntegrity } from './backup';
import { REPO_ROOT } from './config';
import { connectDatabase, type DbHandle } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { hashPassword, setPasswordHashCost } from './lib/passwords';

jest.setTimeout(90_000);

const PG_ADMIN_URL = process.env.REL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_UP =
  pgToolsAvailable() && spawnSync('psql', [PG_ADMIN_URL, '-Atc', 'select 1'], { timeout: 5000 }).status === 0;

const ADMIN_PASSWORD = 'backup-admin-pass';

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
    if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/backup.ts'), ...args], {
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
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function seed(handle: DbHandle, names: string[]) {
  await migrateToLatest(handle.db, handle.kind);
  if (!(await handle.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst())) {
    await handle.db
      .insertInto('users')
      .values({
        username: 'admin',
        email: 'admin@kelasku.local',
        password_hash: await hashPassword(ADMIN_PASSWORD),
        role: 'admin',
        display_name: 'Admin',
      })
      .execute();
  }
  for (const name of names) await addStudent(handle, name);
}

async function addStudent(handle: DbHandle, name: string) {
  await handle.db
    .insertInto('students')
    .values({
      name,
      nis: `NIS-${name}`,
      grade: 10,
      status: 'Active',
      user_id: null,
      phone_number: null,
      curr_score: null,
      profile_picture_url: null,
    })
    .execute();
}

/** Student names the API lists (admin login through the real app on this database). */
async function namesSeenByApi(handle: DbHandle): Promise<string[]> {
  const app = await buildApp({
    db: handle.db,
    dbKind: handle.kind,
    jwtSecret: 'backup-test-secret-0123456789-abcdefghijkl',
    apiDocs: false,
  });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/students?pageSize=100&sortByNIS=true',
      headers: { authorization: login.json().token },
    });
    expect(res.statusCode).toBe(200);
    return res
      .json()
      .students.map((s: { name: string }) => s.name)
      .sort();
  } finally {
    await app.close();
  }
}

beforeAll(() => setPasswordHashCost(1024));

describe('SQLite backup and restore', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-rel-backup-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('backs up a live database while it is being written, and the copy is whole', async () => {
    const file = path.join(dir, 'data', 'kelasku.sqlite');
    const handle = connectDatabase({ sqliteFile: file });
    await seed(handle, ['before-1', 'before-2']);
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await addStudent(handle, `during-${written++}`);
        await new Promise((r) => setImmediate(r));
      }
    })();
    while (written < 10) await new Promise((r) => setImmediate(r)); // the writer is running before the backup starts
    const { pages } = await backupSqlite(file, path.join(dir, 'live.sqlite'));
    writing = false;
    await writer;
    await handle.close();
    expect(pages).toBeGreaterThan(0);
    expect(written).toBeGreaterThan(0);
    expect(sqliteIntegrity(path.join(dir, 'live.sqlite'))).toBe('ok');
    const copy = connectDatabase({ sqliteFile: path.join(dir, 'live.sqlite') });
    const names = (await copy.db.selectFrom('students').select('name').execute()).map((r) => r.name);
    await copy.close();
    expect(names).toEqual(expect.arrayContaining(['before-1', 'before-2']));
    // a snapshot: a prefix of the writes that were going on, never a torn one
    const during = names
      .filter((n) => n.startsWith('during-'))
      .map((n) => Number(n.slice(7)))
      .sort((a, b) => a - b);
    expect(during).toEqual(during.map((_, i) => i));
  });

  it('npm run backup / restore: the restored database has the backup-time data and nothing later', async () => {
    const dataDir = path.join(dir, 'data');
    const file = path.join(dataDir, 'kelasku.sqlite');
    let handle = connectDatabase({ sqliteFile: file });
    await seed(handle, ['Andi', 'Bunga']);
    // keep a connection open (like a running server) while the backup command runs
    const backup = await runCli(['backup', path.join(dir, 'nightly.sqlite')], { DATA_DIR: dataDir });
    expect(backup).toEqual({ code: 0, output: expect.stringContaining('integrity ok') });
    await addStudent(handle, 'Later');
    expect(await namesSeenByApi(handle)).toEqual(['Andi', 'Bunga', 'Later']);
    await handle.close();

    const restore = await runCli(['restore', path.join(dir, 'nightly.sqlite')], { DATA_DIR: dataDir });
    expect(restore).toEqual({ code: 0, output: expect.stringContaining('The previous database is kept as') });
    expect(sqliteIntegrity(file)).toBe('ok');
    handle = connectDatabase({ sqliteFile: file });
    expect(await namesSeenByApi(handle)).toEqual(['Andi', 'Bunga']);
    await handle.close();
    // the replaced database is kept, complete on its own
    const kept = fs.readdirSync(dataDir).find((f) => f.startsWith('kelasku.sqlite.before-restore-'))!;
    const old = connectDatabase({ sqliteFile: path.join(dataDir, kept) });
    expect((await old.db.selectFrom('students').select('name').orderBy('name').execute()).map((r) => r.name)).toEqual([
      'Andi',
      'Bunga',
      'Later',
    ]);
    await old.close();
  });

  it('refuses to restore a damaged backup and leaves the database alone', async () => {
    const file = path.join(dir, 'kelasku.sqlite');
    const handle = connectDatabase({ sqliteFile: file });
    await seed(handle, ['Tetap']);
    await handle.close();
    const bad = path.join(dir, 'bad.sqlite');
    fs.writeFileSync(bad, Buffer.concat([Buffer.from('SQLite format 3\0'), crypto.randomBytes(8192)]));
    expect(() => restoreSqlite(bad, file)).toThrow();
    const again = connectDatabase({ sqliteFile: file });
    expect((await again.db.selectFrom('students').select('name').execute()).map((r) => r.name)).toEqual(['Tetap']);
    await again.close();
  });
});

describe('PostgreSQL backup and restore (pg_dump / pg_restore)', () => {
  (PG_UP ? it : it.skip)('npm run backup / restore round trip', async () => {
    const name = `rel_backup_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-rel-pgbackup-'));
    try {
      let handle = connectDatabase({ databaseUrl, poolSize: 2 });
      await seed(handle, ['Citra', 'Dewi']);
      const dump = path.join(dir, 'kelasku.dump');
      expect((await runCli(['backup', dump], { DATABASE_URL: databaseUrl })).code).toBe(0);
      await addStudent(handle, 'Later');
      await handle.db.deleteFrom('students').where('name', '=', 'Citra').execute();
      expect(await namesSeenByApi(handle)).toEqual(['Dewi', 'Later']);
      await handle.close();

      const restore = await runCli(['restore', dump], { DATABASE_URL: databaseUrl });
      expect(restore).toEqual({ code: 0, output: expect.stringContaining('Restored') });
      handle = connectDatabase({ databaseUrl, poolSize: 2 });
      expect(await namesSeenByApi(handle)).toEqual(['Citra', 'Dewi']);
      // sequences come back too: new rows do not collide with restored ids
      await addStudent(handle, 'Baru');
      expect(await namesSeenByApi(handle)).toEqual(['Baru', 'Citra', 'Dewi']);
      await handle.close();
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
