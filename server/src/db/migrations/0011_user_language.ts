import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/** Each account's UI language ('en' | 'id'), so it follows the user to any device; null until they choose one. */
export const userLanguageMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('users').addColumn('language', 'varchar(8)').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('users').dropColumn('language').execute();
  },
};
