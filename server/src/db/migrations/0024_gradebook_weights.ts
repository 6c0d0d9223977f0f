import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * The weights a class's teacher gives each kind of assessment in the gradebook's final score (whole percents). A class
 * without a row uses the defaults of shared-rules/src/gradebook.ts. The row goes with its class.
 */
export const gradebookWeightsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('gradebook_weights')
      .addColumn('class_id', 'integer', (c) => c.primaryKey().references('classes.id').onDelete('cascade'))
      .addColumn('exercise', 'integer', (c) => c.notNull())
      .addColumn('daily', 'integer', (c) => c.notNull())
      .addColumn('midterm', 'integer', (c) => c.notNull())
      .addColumn('final', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('gradebook_weights').execute();
  },
};
