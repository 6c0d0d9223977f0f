/**
 * Prepared hot reads: SQL written once with PostgreSQL placeholders ($1, $2, …) and run without Kysely's per-request
 * query building and compiling. SQLite: prepared once on the better-sqlite3 handle, never run in the middle of another
 * request's transaction (then it waits for Kysely's connection lock); PostgreSQL: a named statement, parsed and planned once
 * per pooled connection. Rows come back exactly as Kysely returns them on that driver.
 */
import crypto from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { dbKindOf, pgPoolOf, sqliteOf, type Db } from './connect';

export type PreparedRead<R> = (params: readonly unknown[]) => Promise<R[]>;

declare const rowShape: unique symbol;
/**
 * SQL text ($n placeholders) that carries the shape of its rows, stated once beside the SQL (sqlText): preparedRead
 * returns rows of that shape, so a caller cannot pick another. Still a string (the bare benchmark twins run it as is).
 */
export type SqlText<Row> = string & { readonly [rowShape]: Row };

/** `text` as SQL whose rows are `Row`: the column names and the values the drivers give (see hot-reads.ts Db*). */
export const sqlText = <Row>(text: string): SqlText<Row> => text as SqlText<Row>;

/** `$n` placeholders → SQLite's `?` (in order of appearance) and the parameter index each one takes. */
export function toSqlitePlaceholders(text: string): { text: string; order: number[] } {
  const order: number[] = [];
  return { text: text.replace(/\$(\d+)/g, (_, n: string) => (order.push(Number(n) - 1), '?')), order };
}

const prepared = new WeakMap<Db, Map<string, PreparedRead<unknown>>>();

export function preparedRead<R>(db: Db, text: SqlText<R>): PreparedRead<R> {
  let byText = prepared.get(db);
  if (!byText) prepared.set(db, (byText = new Map<string, PreparedRead<unknown>>()));
  const hit = byText.get(text);
  if (hit) return hit as PreparedRead<R>;
  const make = (): PreparedRead<unknown> => {
    const pool = pgPoolOf(db);
    if (pool) {
      const name = `kelasku-read-${crypto.createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
      return async (params) => (await pool.query({ name, text, values: params as unknown[] })).rows as unknown[];
    }
    const raw = sqliteOf(db);
    const sqlite = toSqlitePlaceholders(text);
    const args = (params: readonly unknown[]) => sqlite.order.map((i) => params[i]);
    if (raw) {
      const stmt = raw.prepare(sqlite.text);
      // A read runs synchronously, so nothing can start between the check and the read: with no transaction open on
      // the connection it runs at once; inside another request's transaction it waits for Kysely's connection lock
      // (the queueing costs as much as the read itself, so it is paid only then).
      return async (params) =>
        raw.inTransaction ? db.connection().execute(async () => stmt.all(...args(params))) : stmt.all(...args(params));
    }
    // a Kysely instance not opened by connectDatabase (some tests): the same SQL through Kysely's driver
    const pgText = dbKindOf(db) === 'postgres';
    return async (params) =>
      (await db.executeQuery(CompiledQuery.raw(pgText ? text : sqlite.text, pgText ? [...params] : args(params)))).rows;
  };
  const run = make();
  byText.set(text, run);
  return run as PreparedRead<R>;
}
