import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../config';
import { connectDatabase } from './connect';

// The SQLite file holds password hashes and every student's work: only the server's own user may read it.
const mode = (p: string) => fs.statSync(p).mode & 0o777;

let tmp: string;
let umask: number;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-connect-'));
  umask = process.umask(0o022); // the usual default, under which files come out 0644 and folders 0755
});
afterEach(() => {
  process.umask(umask);
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function openAndWrite(file: string) {
  const handle = connectDatabase({ sqliteFile: file });
  await sql`create table if not exists t (x integer)`.execute(handle.db);
  await sql`insert into t values (1)`.execute(handle.db);
  return handle;
}

describe('SQLite file permissions', () => {
  it('creates the data folder 0700 and the database, -wal and -shm files 0600', async () => {
    const dir = path.join(tmp, 'data');
    const file = path.join(dir, 'kelasku.sqlite');
    const handle = await openAndWrite(file);
    try {
      expect(mode(dir)).toBe(0o700);
      expect(mode(file)).toBe(0o600);
      expect(mode(`${file}-wal`)).toBe(0o600);
      expect(mode(`${file}-shm`)).toBe(0o600);
    } finally {
      await handle.close();
    }
  });

  it('makes an existing database written by an older version 0600 (with its -wal and -shm)', async () => {
    const file = path.join(tmp, 'kelasku.sqlite');
    await (await openAndWrite(file)).close();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o644);
    fs.writeFileSync(`${file}-shm`, Buffer.alloc(0), { flag: 'a', mode: 0o644 });
    fs.chmodSync(`${file}-shm`, 0o644);
    const handle = await openAndWrite(file);
    try {
      expect(mode(file)).toBe(0o600);
      expect(mode(`${file}-wal`)).toBe(0o600);
      expect(mode(`${file}-shm`)).toBe(0o600);
    } finally {
      await handle.close();
    }
  });

  it('also gets a 0700 data folder when the config creates it first (for the generated JWT secret)', () => {
    const dir = path.join(tmp, 'fresh-data');
    loadConfig({ DATA_DIR: dir });
    expect(mode(dir)).toBe(0o700);
  });
});

// A PostgreSQL restart or an admin ending sessions closes the pool's idle connections. That must not end the server:
// the next query gets a new connection. Needs the PostgreSQL at PG_URL (skipped with a message when it is not there).
const PG_URL = process.env.REL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const PG_UP = spawnSync('psql', [PG_URL, '-Atc', 'select 1'], { timeout: 5000 }).status === 0;
if (!PG_UP) console.warn(`skipped: the PostgreSQL idle-connection test needs a server at ${PG_URL}`);

describe('PostgreSQL idle connections closed by the server', () => {
  (PG_UP ? it : it.skip)('keeps working after its idle connections are terminated', async () => {
    const handle = connectDatabase({ databaseUrl: PG_URL, poolSize: 2 });
    const warn = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      const pid = rows[0].pid; // that connection now sits idle in the pool
      const admin = connectDatabase({ databaseUrl: PG_URL, poolSize: 1 });
      await sql`select pg_terminate_backend(${pid})`.execute(admin.db);
      await admin.close();
      await new Promise((r) => setTimeout(r, 200)); // the pool hears about it
      const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      expect(again.rows[0].pid).not.toBe(pid);
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining('PostgreSQL closed an idle connection'),
        expect.anything(),
      );
    } finally {
      warn.mockRestore();
      await handle.close();
    }
  });
});
