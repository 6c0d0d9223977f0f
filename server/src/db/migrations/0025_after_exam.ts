import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DbKind } from '../connect';
import { dialectTypes } from './0001_initial';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

const SCORES = ['exercise_scores', 'exam_scores'] as const;

/**
 * After an exam: whether its students see the correct answers once it has ended (off by default, as before), and on
 * every grade the score it had before a change of the answer key re-graded it, with when (the student is told).
 */
export function afterExamMigration(kind: DbKind): Migration {
  const t = dialectTypes(kind);
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('exams')
        .addColumn('show_answers', kind === 'postgres' ? 'boolean' : 'integer', (c) =>
          c.notNull().defaultTo(kind === 'postgres' ? false : 0),
        )
        .execute();
      for (const table of SCORES) {
        await db.schema.alterTable(table).addColumn('score_before_key_change', t.double).execute();
        await db.schema.alterTable(table).addColumn('key_changed_at', t.instant).execute();
      }
    },
    async down(db: AnyDb) {
      for (const table of SCORES) {
        await db.schema.alterTable(table).dropColumn('key_changed_at').execute();
        await db.schema.alterTable(table).dropColumn('score_before_key_change').execute();
      }
      await db.schema.alterTable('exams').dropColumn('show_answers').execute();
    },
  };
}
