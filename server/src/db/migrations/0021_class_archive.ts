import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { classNameKey } from '@kelasku/shared-rules/src/class-names';
import type { DbKind } from '../connect';
import { dialectTypes } from './0001_initial';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * Archived classes, and class names unique by the same key the routes compare (shared-rules classNameKey).
 *
 * - `classes.archived_at`: an archived class is read-only and hidden from its teacher's and students' lists; it
 *   keeps its name but no longer reserves it.
 * - `classes.name_key`: classNameKey(name), written by the class repository (no SQL function folds NFKC and Unicode
 *   case the same on both dialects). The unique index over (grade, name_key) of the classes not archived replaces
 *   the one over lower(trim(name)), which SQLite folds for ASCII letters only.
 *
 * Rows the wider key makes equal (same grade, not yet archived) get " (2)", " (3)"… so the index can be built.
 */
export function classArchiveMigration(kind: DbKind): Migration {
  const t = dialectTypes(kind);
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('classes').addColumn('archived_at', t.instant).execute();
      await db.schema
        .alterTable('classes')
        .addColumn('name_key', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      const rows = (await db.selectFrom('classes').select(['id', 'name', 'grade']).orderBy('id').execute()) as {
        id: number;
        name: string;
        grade: number;
      }[];
      const taken = new Set<string>();
      for (const r of rows) {
        let name = r.name;
        for (let n = 2; taken.has(`${r.grade}|${classNameKey(name)}`); n++) name = `${r.name.trim()} (${n})`;
        taken.add(`${r.grade}|${classNameKey(name)}`);
        await db
          .updateTable('classes')
          .set({ name, name_key: classNameKey(name) })
          .where('id', '=', r.id)
          .execute();
      }
      await sql`drop index classes_grade_name_unique`.execute(db);
      await sql`create unique index classes_grade_name_key_unique on classes (grade, name_key) where archived_at is null`.execute(
        db,
      );
    },
    async down(db: AnyDb) {
      await sql`drop index classes_grade_name_key_unique`.execute(db);
      await sql`create unique index classes_grade_name_unique on classes (grade, lower(trim(name)))`.execute(db);
      await db.schema.alterTable('classes').dropColumn('name_key').execute();
      await db.schema.alterTable('classes').dropColumn('archived_at').execute();
    },
  };
}
