import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DbKind } from '../connect';
import { dialectTypes } from './0001_initial';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

const SHEET_TABLES = ['exercise_answers', 'exam_answers'] as const;

/**
 * `answers_at`: per question, when the stored answer was given (`{"3": 1700000000000}`, ms since the epoch), so saves
 * from several tabs or devices merge question by question and the latest change of each question wins
 * (domain/repo/answer-saves.ts). Null on sheets written before: every question then counts as never changed.
 */
export function answersAtMigration(kind: DbKind): Migration {
  const { json } = dialectTypes(kind);
  return {
    async up(db: AnyDb) {
      for (const table of SHEET_TABLES) await db.schema.alterTable(table).addColumn('answers_at', json).execute();
    },
    async down(db: AnyDb) {
      for (const table of SHEET_TABLES) await db.schema.alterTable(table).dropColumn('answers_at').execute();
    },
  };
}
