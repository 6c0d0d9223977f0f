import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { parseContentColumn, questionCount } from '../../domain/content';
import { StoredJsonError } from '../json';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

const TABLES = ['exercises', 'exams'] as const;
const BATCH = 200;

/** Content that cannot be read counts no question: one bad row must not stop the upgrade (it fails on its own reads). */
function storedQuestionCount(content: unknown): number {
  try {
    return questionCount(parseContentColumn(content));
  } catch (error) {
    if (error instanceof StoredJsonError) return 0;
    throw error;
  }
}

/**
 * `question_count`: how many questions an exercise or exam has (its content's questions are numbered 1..n), kept
 * beside the content so that an answer save can check, in its one statement, that every answer names one of them
 * without reading the content. Existing rows are counted from their content.
 */
export const questionCountMigration: Migration = {
  async up(db: AnyDb) {
    for (const table of TABLES) {
      await db.schema
        .alterTable(table)
        .addColumn('question_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      for (let after = 0; ;) {
        const rows: { id: number; content: unknown }[] = await db
          .selectFrom(table)
          .select(['id', 'content'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(BATCH)
          .execute();
        if (rows.length === 0) break;
        for (const row of rows) {
          await db
            .updateTable(table)
            .set({ question_count: storedQuestionCount(row.content) })
            .where('id', '=', row.id)
            .execute();
        }
        after = Number(rows[rows.length - 1].id);
      }
    }
  },
  async down(db: AnyDb) {
    for (const table of TABLES) await db.schema.alterTable(table).dropColumn('question_count').execute();
  },
};
