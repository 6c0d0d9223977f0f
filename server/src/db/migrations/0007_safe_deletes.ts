import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DbKind } from '../connect';
import { dialectTypes } from './0001_initial';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * Deleting a person never removes a class's work:
 * - classes, materials, exercises and exams no longer cascade from their teacher (a teacher who still teaches
 *   classes cannot be deleted; work they wrote elsewhere is handed to the class's teacher first);
 * - a student's discussion posts no longer cascade: the author becomes NULL (set null), so other students' replies
 *   under a deleted student's post can be kept.
 * Plus `users.deactivated_at` (a deactivated login cannot sign in) and a unique index on class names per grade
 * (trimmed, case-insensitive), the backstop behind the routes' own check when two creates race.
 */
const TEACHER_FK_TABLES = ['classes', 'materials', 'exercises', 'exams'] as const;
const AUTHOR_FK_TABLES = ['general_forum', 'material_forum'] as const;

const TEACHER_CASCADE = 'references "teachers" ("id") on delete cascade';
const AUTHOR_CASCADE = '"student_id" integer not null references "students" ("id") on delete cascade';

/** SQLite cannot alter a foreign key: each table is rebuilt from its own CREATE statement with the FK rewritten. */
export async function rebuildSqliteTable(db: AnyDb, table: string, rewrite: (createSql: string) => string) {
  const objects = await sql<{ type: string; sql: string | null }>`
    select type, sql from sqlite_master where tbl_name = ${table}`.execute(db);
  const create = objects.rows.find((o) => o.type === 'table')?.sql;
  if (!create) throw new Error(`table ${table} not found`);
  const rewritten = rewrite(create);
  // Already rebuilt (up after down): the keys are as they should be.
  if (rewritten === create) return;
  const temp = `${table}__new`;
  const seq = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(db);
  await sql.raw(rewritten.replace(`CREATE TABLE "${table}"`, `CREATE TABLE "${temp}"`)).execute(db);
  await sql.raw(`INSERT INTO "${temp}" SELECT * FROM "${table}"`).execute(db);
  await sql.raw(`DROP TABLE "${table}"`).execute(db);
  await sql.raw(`ALTER TABLE "${temp}" RENAME TO "${table}"`).execute(db);
  // Ids are never reused, even those of the newest rows deleted before the rebuild.
  if (seq.rows[0]) await sql`update sqlite_sequence set seq = ${seq.rows[0].seq} where name = ${table}`.execute(db);
  for (const o of objects.rows) if (o.type === 'index' && o.sql) await sql.raw(o.sql).execute(db);
}

async function sqliteUp(db: AnyDb) {
  // Dropping a table with foreign keys on would run its cascades; the pragma works only outside a transaction
  // (Kysely runs SQLite migrations without one).
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      for (const table of TEACHER_FK_TABLES) {
        await rebuildSqliteTable(trx, table, (s) => s.split(TEACHER_CASCADE).join('references "teachers" ("id")'));
      }
      for (const table of AUTHOR_FK_TABLES) {
        await rebuildSqliteTable(trx, table, (s) =>
          s.replace(AUTHOR_CASCADE, '"student_id" integer references "students" ("id") on delete set null'),
        );
      }
      const broken = await sql`PRAGMA foreign_key_check`.execute(trx);
      if (broken.rows.length > 0)
        throw new Error(`foreign key check failed after the rebuild: ${JSON.stringify(broken.rows)}`);
    });
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

/** PostgreSQL: the named foreign keys of `table` that point at `target`. */
async function pgForeignKeys(db: AnyDb, table: string, target: string): Promise<string[]> {
  const r = await sql<{ conname: string }>`
    select conname from pg_constraint
    where contype = 'f' and conrelid = ${table}::regclass and confrelid = ${target}::regclass`.execute(db);
  return r.rows.map((x) => x.conname);
}

async function postgresUp(db: AnyDb) {
  for (const table of TEACHER_FK_TABLES) {
    for (const name of await pgForeignKeys(db, table, 'teachers')) {
      await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(name)}`.execute(db);
    }
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_teacher_id_fkey`)}
      foreign key (teacher_id) references teachers (id)`.execute(db);
  }
  for (const table of AUTHOR_FK_TABLES) {
    for (const name of await pgForeignKeys(db, table, 'students')) {
      await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(name)}`.execute(db);
    }
    await sql`alter table ${sql.table(table)} alter column student_id drop not null`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_student_id_fkey`)}
      foreign key (student_id) references students (id) on delete set null`.execute(db);
  }
}

/** Existing same-grade duplicates (ignoring case and spaces) get " (2)", " (3)"… so the unique index can be built. */
async function renameDuplicateClasses(db: AnyDb) {
  const rows = await db.selectFrom('classes').select(['id', 'name', 'grade']).orderBy('id').execute();
  const taken = new Set(rows.map((r) => `${r.grade}|${String(r.name).trim().toLowerCase()}`));
  const seen = new Set<string>();
  for (const r of rows) {
    const key = `${r.grade}|${String(r.name).trim().toLowerCase()}`;
    if (!seen.has(key)) {
      seen.add(key);
      continue;
    }
    let n = 2;
    let name = `${String(r.name).trim()} (${n})`;
    while (taken.has(`${r.grade}|${name.toLowerCase()}`)) name = `${String(r.name).trim()} (${++n})`;
    taken.add(`${r.grade}|${name.toLowerCase()}`);
    await db.updateTable('classes').set({ name }).where('id', '=', r.id).execute();
  }
}

export function safeDeletesMigration(kind: DbKind): Migration {
  const t = dialectTypes(kind);
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('users').addColumn('deactivated_at', t.instant).execute();
      if (kind === 'sqlite') await sqliteUp(db);
      else await postgresUp(db);
      await renameDuplicateClasses(db);
      // lower()/trim() are the same on both dialects for the names schools type; the routes compare the full rule
      // (classNameKey) first and give the readable message.
      await sql`create unique index classes_grade_name_unique on classes (grade, lower(trim(name)))`.execute(db);
    },
    /** Drops the index and the column; the foreign keys stay without cascades (up leaves them as they are). */
    async down(db: AnyDb) {
      await sql`drop index classes_grade_name_unique`.execute(db);
      await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
    },
  };
}
