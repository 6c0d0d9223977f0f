import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { materialBytes } from '../../domain/material-bytes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

const BATCH = 50;

/**
 * `list_bytes` and `image_refs`: how large each material is as a list carries it, and how many pictures a reply
 * prefixes with PUBLIC_URL (domain/material-bytes.ts), so the materials lists size their pages to stay within
 * MAX_PAGE_BYTES. Existing rows are measured here, written rows by the materials repository.
 */
export const materialBytesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('materials')
      .addColumn('list_bytes', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('materials')
      .addColumn('image_refs', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    for (let after = 0; ;) {
      const rows: { id: number; title: string; description: string; content: string }[] = await db
        .selectFrom('materials')
        .select(['id', 'title', 'description', 'content'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) break;
      for (const row of rows)
        await db.updateTable('materials').set(materialBytes(row)).where('id', '=', row.id).execute();
      after = Number(rows[rows.length - 1].id);
    }
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('materials').dropColumn('image_refs').execute();
    await db.schema.alterTable('materials').dropColumn('list_bytes').execute();
  },
};
