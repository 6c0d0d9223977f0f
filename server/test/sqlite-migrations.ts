/**
 * For the migration tests that move data: the schema as it was after one migration (the test then fills it as the old
 * server did, and migrates the rest).
 */
import type { Migration, MigrationProvider } from 'kysely/migration';
import { allMigrations } from '../src/db/migrate';

/** The migrations up to and including `last`, by name. */
export class Upto implements MigrationProvider {
  constructor(private readonly last: string) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(Object.entries(allMigrations('sqlite')).filter(([name]) => name <= this.last));
  }
}
