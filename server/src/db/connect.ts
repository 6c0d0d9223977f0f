import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type DbKind = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL URL; when absent SQLite is used. */
  databaseUrl?: string;
  /** SQLite file path (created with its folder when missing). */
  sqliteFile?: string;
  /** PostgreSQL only: run every connection with this search_path (tests use a fresh schema). */
  pgSchema?: string;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
}

// count(*) and bigint come back as strings from pg by default; our ids and counts fit in a double.
pg.types.setTypeParser(20, (value: string) => Number(value));

const kinds = new WeakMap<object, DbKind>();
const sqliteHandles = new WeakMap<object, SqliteDatabase.Database>();
const pgPools = new WeakMap<object, pg.Pool>();

/** Which dialect a Kysely instance (or transaction of it) talks to. */
export function dbKindOf(db: Kysely<Database>): DbKind {
  return kinds.get(db) ?? (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');
}

/**
 * The better-sqlite3 handle behind a SQLite Kysely instance (undefined on PostgreSQL). Only for hot paths that
 * prepare their statements once; run them inside `db.connection().execute()` so they respect Kysely's connection
 * lock (and never land in the middle of another request's transaction).
 */
export function sqliteOf(db: Kysely<Database>): SqliteDatabase.Database | undefined {
  return sqliteHandles.get(db);
}

/** The pg pool behind a PostgreSQL Kysely instance (undefined on SQLite), for named (prepared) hot statements. */
export function pgPoolOf(db: Kysely<Database>): pg.Pool | undefined {
  return pgPools.get(db);
}

/**
 * The SQLite database holds password hashes and every student's work: its folder is created owner-only (0700) and
 * the file is 0600 before SQLite opens it, whatever the umask. SQLite gives the -wal and -shm files it creates the
 * database file's permissions; ones left by an older version are tightened here too.
 */
function makeDatabaseFilePrivate(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    if (fs.existsSync(f)) fs.chmodSync(f, 0o600);
  }
}

export function connectDatabase(options: ConnectOptions): DbHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // An idle connection that PostgreSQL closes (a restart, a failover, an admin ending sessions) is reported as an
    // 'error' event on the pool; without a listener Node ends the whole server. The pool drops that connection and
    // opens a new one for the next query, so a warning is all it needs.
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL closed an idle connection: ${err.message}`, { code: 'KELASKU_PG_IDLE' });
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    kinds.set(db, 'postgres');
    pgPools.set(db, pool);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') makeDatabaseFilePrivate(file);
  const sqlite = new SqliteDatabase(file);
  // WAL + synchronous=FULL: every acknowledged commit is on disk (survives power loss), readers never block the writer.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  kinds.set(db, 'sqlite');
  sqliteHandles.set(db, sqlite);
  return { db, kind: 'sqlite', close: () => db.destroy() };
}
