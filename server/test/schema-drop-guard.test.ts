/**
 * PostgreSQL only: a test file's schema drop and another file's migration never overlap (helpers.ts,
 * oneSchemaChangeAtATime). Kysely's Migrator reads every table of the database; a table or column dropped meanwhile
 * made it fail with `relation "<schema>.<table>" does not exist` (seen twice in CI with two Jest workers).
 */
import { sql } from 'kysely';
import pg from 'pg';
import { buildTestApp, oneSchemaChangeAtATime, type TestApp } from './helpers';

const databaseUrl = process.env.DATABASE_URL;
// Skipped without DATABASE_URL: SQLite has one database per test file.
const onPostgres = databaseUrl ? it : it.skip;

jest.setTimeout(60_000);

/** Resolves once a statement like one of `patterns` (SQL LIKE) waits for a lock in PostgreSQL. */
async function waitsOnLock(client: pg.Client, patterns: string[]): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity a join pg_locks l on l.pid = a.pid
       where not l.granted and a.query like any($1)`,
      [patterns],
    );
    if (rows[0].n > 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no statement like ${patterns.join(' or ')} ever waited on a lock`);
}

onPostgres('a migration run while another schema is being dropped waits for the drop, then succeeds', async () => {
  const dropped: TestApp = await buildTestApp({ empty: true });
  const other: TestApp = await buildTestApp({ empty: true });
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(dropped.db)).rows[0].s;
  const holder = new pg.Client({ connectionString: databaseUrl });
  const watcher = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([holder.connect(), watcher.connect()]);
  try {
    // Hold one table of the schema: its drop starts and then waits, as a slow drop would.
    await holder.query('begin');
    await holder.query(`lock table ${schema}.users in access exclusive mode`);
    const closing = dropped.close();
    await waitsOnLock(watcher, ['drop schema%']);

    // Kysely's Migrator reads every table of the database this way before it migrates.
    const reading = oneSchemaChangeAtATime(() => other.db.introspection.getTables({ withInternalKyselyTables: true }));
    const outcome = reading.then(
      () => 'read',
      (error: Error) => error.message,
    );
    // It waits for the drop to end (unguarded, it read the tables at once, racing the drop).
    await waitsOnLock(watcher, ['select pg_advisory_lock(%']);

    await holder.query('commit'); // the drop goes on and ends
    await closing;
    expect(await outcome).toBe('read');
  } finally {
    await holder.end();
    await watcher.end();
    await other.close();
  }
});
