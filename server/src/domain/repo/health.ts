/** The database reads behind the readiness probe (routes/health): one cheap statement each. */
import { sql } from 'kysely';
import { DEFAULT_MIGRATION_TABLE } from 'kysely/migration';
import type { Db } from '../../db/connect';

/** Resolves when the database answers a trivial statement. */
export async function databaseAnswers(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The names of the migrations the database has run (fails when it has no migration table yet). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  return rows.map((r) => r.name);
}

/** Whether an error of appliedMigrations says the migration table is missing (a database never migrated). */
export const isMissingMigrationTable = (error: unknown): boolean =>
  error instanceof Error && error.message.includes(DEFAULT_MIGRATION_TABLE);
