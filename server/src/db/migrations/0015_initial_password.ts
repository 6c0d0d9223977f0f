import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * 1 while the account still has the password an admin was given for it (creation, import, reset), so its first
 * sign-in offers a change; 0 once the user chose their own. An integer 0/1 in both dialects (one column type,
 * no dialect branch); existing accounts start at 0: nobody knows which of them still have the printed one.
 */
export const initialPasswordMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('users')
      .addColumn('initial_password', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('users').dropColumn('initial_password').execute();
  },
};
