import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DbKind } from '../connect';
import { dialectTypes } from './0001_initial';
import { rebuildSqliteTable } from './0007_safe_deletes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * A term of exams per class, one current at a time: an ended exam can be closed (`closed_at`), which frees its class
 * for the next one. The unique class_id becomes a unique index over the exams not closed, so a class still has at
 * most one current exam while its closed ones stay with their sheets and grades. Plus each exam's kind (daily test,
 * mid-term, final, or a free text in `kind_label`); existing exams are daily tests.
 */
const INLINE_UNIQUE = '"class_id" integer not null unique';

export function examTermMigration(kind: DbKind): Migration {
  const t = dialectTypes(kind);
  return {
    async up(db: AnyDb) {
      // After a down() the rule is an index of its own (an inline UNIQUE cannot be put back without a rebuild).
      const downIndex =
        kind === 'sqlite'
          ? await sql<{
              n: number;
            }>`select count(*) as n from sqlite_master where type = 'index' and name = 'exams_class_id_unique'`.execute(
              db,
            )
          : await sql<{
              n: number;
            }>`select count(*) as n from pg_indexes where schemaname = current_schema() and indexname = 'exams_class_id_unique'`.execute(
              db,
            );
      if (Number(downIndex.rows[0].n) > 0) {
        await sql`drop index exams_class_id_unique`.execute(db);
      } else if (kind === 'sqlite') {
        // An inline UNIQUE cannot be dropped in SQLite: the table is rebuilt without it (foreign keys off meanwhile, as
        // dropping the old table would otherwise run its cascades; the pragma works only outside a transaction).
        await sql`PRAGMA foreign_keys = OFF`.execute(db);
        try {
          await db.transaction().execute(async (trx) => {
            await rebuildSqliteTable(trx, 'exams', (create) => {
              if (!create.includes(INLINE_UNIQUE)) throw new Error('exams: the unique class_id to drop was not found');
              return create.replace(INLINE_UNIQUE, '"class_id" integer not null');
            });
            const broken = await sql`PRAGMA foreign_key_check`.execute(trx);
            if (broken.rows.length > 0)
              throw new Error(`foreign key check failed after the rebuild: ${JSON.stringify(broken.rows)}`);
          });
        } finally {
          await sql`PRAGMA foreign_keys = ON`.execute(db);
        }
      } else {
        const unique = await sql<{ conname: string }>`
          select c.conname from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
          where c.contype = 'u' and c.conrelid = 'exams'::regclass and a.attname = 'class_id' and array_length(c.conkey, 1) = 1`.execute(
          db,
        );
        for (const { conname } of unique.rows)
          await sql`alter table exams drop constraint ${sql.ref(conname)}`.execute(db);
      }
      await db.schema.alterTable('exams').addColumn('closed_at', t.instant).execute();
      await db.schema
        .alterTable('exams')
        .addColumn('kind', 'varchar(10)', (c) => c.notNull().defaultTo('daily'))
        .execute();
      await db.schema.alterTable('exams').addColumn('kind_label', 'varchar(60)').execute();
      await sql`create unique index exams_current_class_unique on exams (class_id) where closed_at is null`.execute(db);
      await db.schema.createIndex('exams_class_idx').on('exams').column('class_id').execute();
    },
    /** Fails while a class has closed exams beside its current one (the old unique key cannot hold them). */
    async down(db: AnyDb) {
      await sql`drop index exams_class_idx`.execute(db);
      await sql`drop index exams_current_class_unique`.execute(db);
      await db.schema.alterTable('exams').dropColumn('kind_label').execute();
      await db.schema.alterTable('exams').dropColumn('kind').execute();
      await db.schema.alterTable('exams').dropColumn('closed_at').execute();
      await sql`create unique index exams_class_id_unique on exams (class_id)`.execute(db);
    },
  };
}
