import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DbKind } from '../connect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

const SHEET_TABLES = ['exercise_answers', 'exam_answers'] as const;

/**
 * `answers_seq`: the client's number of the answers map stored in a sheet (docs/api.md §2.9). A save carrying a
 * seq applies only when it is newer than the stored one, so a save abandoned by the client and delivered late can
 * never overwrite a newer map. Nullable: sheets saved by clients that send no seq keep last-writer-wins.
 */
export function answersSeqMigration(kind: DbKind): Migration {
  const type = kind === 'postgres' ? ('bigint' as const) : ('integer' as const);
  return {
    async up(db: AnyDb) {
      for (const table of SHEET_TABLES) await db.schema.alterTable(table).addColumn('answers_seq', type).execute();
    },
    async down(db: AnyDb) {
      for (const table of SHEET_TABLES) await db.schema.alterTable(table).dropColumn('answers_seq').execute();
    },
  };
}
