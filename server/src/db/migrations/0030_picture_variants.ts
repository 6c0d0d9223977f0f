import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DbKind } from '../connect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * Pictures sized for phones (domain/picture-variants.ts). `images` learns each picture's width and height as shown
 * (upright), which replies put on the page so nothing moves when it arrives; `image_variants` holds its smaller copies
 * (480, 960, 1600 px wide; WebP beside the original's format), served at /api/v1/images/<hash>-<width>.<ext>.
 * Pictures stored before get theirs from `npm run picture-variants -w server`: until then width and height are null
 * and a variant's address leads to the original.
 */
export function pictureVariantsMigration(kind: DbKind): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('images').addColumn('width', 'integer').execute();
      await db.schema.alterTable('images').addColumn('height', 'integer').execute();
      await db.schema
        .createTable('image_variants')
        .addColumn('hash', 'varchar(64)', (c) => c.notNull().references('images.hash').onDelete('cascade'))
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('mime', 'varchar(50)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('data', kind === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addPrimaryKeyConstraint('image_variants_pkey', ['hash', 'width', 'mime'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('image_variants').execute();
      await db.schema.alterTable('images').dropColumn('height').execute();
      await db.schema.alterTable('images').dropColumn('width').execute();
    },
  };
}
