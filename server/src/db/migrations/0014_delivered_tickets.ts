import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DbKind } from '../connect';
import { dialectTypes } from './0001_initial';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * `delivered_tickets`: the nonce of every sealed-answers envelope accepted (routes/sealed-answers), so an envelope
 * is accepted once, on any node.
 */
export function deliveredTicketsMigration(kind: DbKind): Migration {
  const t = dialectTypes(kind);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('delivered_tickets')
        .addColumn('nonce', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('delivered_at', t.instant, (c) => c.notNull().defaultTo(t.now))
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('delivered_tickets').execute();
    },
  };
}
