import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * A material's discussions by (material_id, id): a page, newest first, is read off the index in order. With the
 * material_id index alone PostgreSQL walked the whole table backwards by primary key (or sorted). SQLite's index
 * already ended in the rowid (the id), so this is the same index there. Replaces material_forum_material_idx.
 */
export const materialForumPageIndexMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createIndex('material_forum_material_id_idx')
      .on('material_forum')
      .columns(['material_id', 'id'])
      .execute();
    await db.schema.dropIndex('material_forum_material_idx').execute();
  },
  async down(db: AnyDb) {
    await db.schema.createIndex('material_forum_material_idx').on('material_forum').column('material_id').execute();
    await db.schema.dropIndex('material_forum_material_id_idx').execute();
  },
};
