import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DbKind } from '../connect';
import { dialectTypes } from './0001_initial';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * `images`: pictures taken out of exam / exercise content and material HTML when a teacher saves them
 * (domain/images.ts), served at /api/v1/images/<hash>.<ext>. Keyed by the sha256 of the bytes, so the same picture
 * saved twice is stored once and a row never changes. Existing rows of exams, exercises and materials are left as
 * they are (their inline data: URLs keep working); they move here the next time a teacher saves them.
 */
export function imagesMigration(kind: DbKind): Migration {
  const t = dialectTypes(kind);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('images')
        .addColumn('hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('mime', 'varchar(50)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('data', kind === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', t.instant, (c) => c.notNull().defaultTo(t.now))
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('images').execute();
    },
  };
}
