import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DbKind } from '../connect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

const TABLES = ['exercises', 'exams'] as const;
const COLUMNS = ['shuffle_questions', 'shuffle_options'] as const;

/**
 * Fair exams: per exercise and exam, whether each student sees the questions and the options of each question in an
 * order of their own (presentation only, off by default). PostgreSQL boolean; SQLite has none, 0/1 integers.
 */
export function shuffleMigration(kind: DbKind): Migration {
  return {
    async up(db: AnyDb) {
      for (const table of TABLES) {
        for (const column of COLUMNS) {
          await db.schema
            .alterTable(table)
            .addColumn(column, kind === 'postgres' ? 'boolean' : 'integer', (c) =>
              c.notNull().defaultTo(kind === 'postgres' ? false : 0),
            )
            .execute();
        }
      }
    },
    async down(db: AnyDb) {
      for (const table of TABLES)
        for (const column of COLUMNS) await db.schema.alterTable(table).dropColumn(column).execute();
    },
  };
}
