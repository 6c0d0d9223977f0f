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
