import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DbKind } from '../connect';
import { dialectTypes } from './0001_initial';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * What a proctor decides during an exam, kept apart from the exam row (its own tables, nothing to migrate):
 * - `exam_extra_time`: extra minutes one student gets past the exam's end (every window check adds them);
 * - `exam_proctoring`: per exam, whether a sheet may be open on one device at a time.
 * Who is online and on which device is not stored here: it lives in memory or Redis (lib/exam-presence.ts).
 */
export function examProctoringMigration(kind: DbKind): Migration {
  const t = dialectTypes(kind);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('exam_extra_time')
        .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
        .addColumn('minutes', 'integer', (c) => c.notNull())
        .addColumn('updated_at', t.instant, (c) => c.notNull().defaultTo(t.now))
        .addPrimaryKeyConstraint('exam_extra_time_pk', ['exam_id', 'student_id'])
        .execute();
      await db.schema.createIndex('exam_extra_time_student_idx').on('exam_extra_time').column('student_id').execute();
      await db.schema
        .createTable('exam_proctoring')
        .addColumn('exam_id', 'integer', (c) => c.primaryKey().references('exams.id').onDelete('cascade'))
        .addColumn('one_device', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('updated_at', t.instant, (c) => c.notNull().defaultTo(t.now))
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('exam_proctoring').execute();
      await db.schema.dropTable('exam_extra_time').execute();
    },
  };
}
