import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/** `reports.reason`: the optional reason a student gives when reporting a post or reply (null: none given). */
export const reportReasonMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('reports').addColumn('reason', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('reports').dropColumn('reason').execute();
  },
};
