/**
 * Backup and restore of the Kelasku database (docs/operations.md).
 *
 *   npm run backup  -w server -- <file>     embedded SQLite: online backup (safe while the server runs)
 *   npm run restore -w server -- <file>     STOP THE SERVER FIRST; the current database is kept beside it
 *
 * Same environment as the server: DATA_DIR (SQLite file DATA_DIR/kelasku.sqlite) or DATABASE_URL (PostgreSQL, through
 * pg_dump / pg_restore in custom format). Relative file names are taken from the directory the command was typed in.
 *
 * - SQLite backup uses SQLite's online backup API (better-sqlite3 `db.backup`): a consistent snapshot of the last
 *   committed state, WAL included, while readers and the writer carry on. The copy is then checked with
 *   `PRAGMA integrity_check`.
 * - SQLite restore checks the backup first, keeps the current file as `kelasku.sqlite.before-restore-<time>`, removes the
 *   old `-wal`/`-shm` files (a stale WAL applied to another file would corrupt it) and moves the copy into place atomically.
 * - PostgreSQL backup: `pg_dump --format=custom`; restore: `pg_restore --clean --if-exists --no-owner --single-transaction`
 *   (all or nothing) into DATABASE_URL.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { databaseLocation } from './config';

export class BackupError extends Error {}

/** `ok` or the problems SQLite found. */
export function sqliteIntegrity(file: string): string {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

/** Online backup of a live SQLite database into `dest` (overwritten), then verified. Returns the pages copied. */
export async function backupSqlite(sqliteFile: string, dest: string): Promise<{ pages: number }> {
  if (!fs.existsSync(sqliteFile)) throw new BackupError(`no database at ${sqliteFile}`);
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  const tmp = `${dest}.partial`;
  fs.rmSync(tmp, { force: true });
  const db = new SqliteDatabase(sqliteFile, { fileMustExist: true });
  let pages: number;
  try {
    db.pragma('busy_timeout = 5000');
    // better-sqlite3 copies every page in its first step: one read transaction, so one consistent snapshot, and no
    // restart when the server commits meanwhile (a step-by-step backup restarts after each write of another connection).
    pages = (await db.backup(tmp)).totalPages;
  } finally {
    db.close();
  }
  // The copy is a plain rollback-journal database file; make sure it is whole before it replaces an older backup.
  const check = sqliteIntegrity(tmp);
  if (check !== 'ok') {
    fs.rmSync(tmp, { force: true });
    throw new BackupError(`the backup failed its integrity check: ${check}`);
  }
  fs.renameSync(tmp, dest);
  return { pages };
}

/** Replace the SQLite database with a backup. The server must be stopped. Returns where the old database was kept. */
export function restoreSqlite(backupFile: string, sqliteFile: string, now = new Date()): { keptAs: string | null } {
  if (!fs.existsSync(backupFile)) throw new BackupError(`no backup at ${backupFile}`);
  const check = sqliteIntegrity(backupFile);
  if (check !== 'ok') throw new BackupError(`the backup failed its integrity check, nothing was changed: ${check}`);
  fs.mkdirSync(path.dirname(sqliteFile), { recursive: true });
  const tmp = `${sqliteFile}.restoring`;
  fs.copyFileSync(backupFile, tmp);
  let keptAs: string | null = null;
  if (fs.existsSync(sqliteFile)) {
    // Fold the current WAL into the current file first, so the kept copy is complete on its own.
    const current = new SqliteDatabase(sqliteFile, { fileMustExist: true });
    try {
      current.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      current.close();
    }
    keptAs = `${sqliteFile}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(sqliteFile, keptAs);
  }
  for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(`${sqliteFile}${suffix}`, { force: true });
  fs.renameSync(tmp, sqliteFile);
  return { keptAs };
}

function hasCommand(cmd: string): boolean {
  try {
    execFileSync(cmd, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function pgToolsAvailable(): boolean {
  return hasCommand('pg_dump') && hasCommand('pg_restore');
}

/** pg_dump in custom format (compressed, restorable table by table). */
export function backupPostgres(databaseUrl: string, dest: string): void {
  if (!hasCommand('pg_dump'))
    throw new BackupError('pg_dump is not installed (Debian/Ubuntu: apt-get install postgresql-client)');
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  const tmp = `${dest}.partial`;
  execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${tmp}`, `--dbname=${databaseUrl}`], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  fs.renameSync(tmp, dest);
}

/** pg_restore into DATABASE_URL, replacing what is there, in one transaction (all or nothing). Stop the servers first. */
export function restorePostgres(backupFile: string, databaseUrl: string): void {
  if (!fs.existsSync(backupFile)) throw new BackupError(`no backup at ${backupFile}`);
  if (!hasCommand('pg_restore'))
    throw new BackupError('pg_restore is not installed (Debian/Ubuntu: apt-get install postgresql-client)');
  execFileSync(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${databaseUrl}`,
      backupFile,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
}

/** Where the server's database is, from the same environment variables as the server (without touching secrets). */
export function databaseTarget(
  env?: NodeJS.ProcessEnv,
): { kind: 'postgres'; url: string } | { kind: 'sqlite'; file: string } {
  const { databaseUrl, sqliteFile } = databaseLocation(env);
  return databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'sqlite', file: sqliteFile };
}

async function cli(argv: string[]): Promise<number> {
  const [command, fileArg] = argv;
  if ((command !== 'backup' && command !== 'restore') || !fileArg) {
    console.error('usage: npm run backup -w server -- <file>   |   npm run restore -w server -- <file>');
    return 2;
  }
  // npm runs workspace scripts inside server/; INIT_CWD is where the command was typed.
  const file = path.resolve(process.env.INIT_CWD || process.cwd(), fileArg);
  const target = databaseTarget();
  try {
    if (target.kind === 'sqlite') {
      if (command === 'backup') {
        const { pages } = await backupSqlite(target.file, file);
        console.log(`Backed up ${target.file} to ${file} (${pages} pages, integrity ok).`);
      } else {
        const { keptAs } = restoreSqlite(file, target.file);
        console.log(
          `Restored ${file} into ${target.file}.${keptAs ? ` The previous database is kept as ${keptAs}.` : ''}`,
        );
      }
    } else if (command === 'backup') {
      backupPostgres(target.url, file);
      console.log(`Backed up the PostgreSQL database to ${file} (pg_dump custom format).`);
    } else {
      restorePostgres(file, target.url);
      console.log(`Restored ${file} into the PostgreSQL database (one transaction).`);
    }
    return 0;
  } catch (err) {
    console.error(`${command} failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

if (require.main === module) {
  void cli(process.argv.slice(2)).then((code) => process.exit(code));
}
