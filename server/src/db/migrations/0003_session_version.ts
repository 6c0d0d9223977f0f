import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * `users.session_version`: raised each time a password is changed or reset. Tokens carry it (`sv`), so a session
 * signed before the change stops working; and because it is a plain column, the answer-save statement can check it
 * in SQL, in the same round trip as the save (no separate users lookup).
 */
export const sessionVersionMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('users')
      .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('users').dropColumn('session_version').execute();
  },
};
