import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { searchText } from '@kelasku/shared-rules/src/search-text';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

const TABLES = ['students', 'teachers'] as const;

/**
 * Each student's and teacher's name in its search form (shared-rules searchText: no case, accents or apostrophes),
 * so account search finds "Andréas" for "Andreas" and "Ma'ruf" for "maruf" on SQLite and PostgreSQL alike (neither
 * folds accents portably in SQL). Existing rows are filled here, written rows by the profile repository.
 */
export const nameSearchMigration: Migration = {
  async up(db: AnyDb) {
    for (const table of TABLES) {
      await db.schema
        .alterTable(table)
        .addColumn('name_search', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      const rows = (await db.selectFrom(table).select(['id', 'name']).execute()) as { id: number; name: string }[];
      for (const row of rows) {
        await db
          .updateTable(table)
          .set({ name_search: searchText(row.name) })
          .where('id', '=', row.id)
          .execute();
      }
    }
  },
  async down(db: AnyDb) {
    for (const table of TABLES) await db.schema.alterTable(table).dropColumn('name_search').execute();
  },
};
