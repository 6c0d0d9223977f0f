import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DbKind } from '../connect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

/**
 * Teachers answer in their classes' material discussions: a reply is written by a student (`student_id`) or by a
 * teacher (`teacher_id`, new), exactly one of the two. A teacher's replies go with their account, as a student's do.
 */
const STUDENT_NOT_NULL = '"student_id" integer not null references "students" ("id") on delete cascade';
const ONE_AUTHOR = '(("student_id" is null) <> ("teacher_id" is null))';

/** SQLite cannot drop NOT NULL or add a CHECK: the table is rebuilt from its own CREATE statement, rewritten. */
async function sqliteUp(db: AnyDb) {
  await db.transaction().execute(async (trx) => {
    const objects = await sql<{ type: string; sql: string | null }>`
      select type, sql from sqlite_master where tbl_name = 'discussion_replies'`.execute(trx);
    const create = objects.rows.find((o) => o.type === 'table')?.sql;
    // Already rebuilt (up after down): nothing to do.
    if (create?.includes('"teacher_id"')) return;
    if (!create || !create.includes(STUDENT_NOT_NULL)) throw new Error('discussion_replies is not as 0001 created it');
    const rewritten = create
      .replace('CREATE TABLE "discussion_replies"', 'CREATE TABLE "discussion_replies__new"')
      .replace(
        STUDENT_NOT_NULL,
        '"student_id" integer references "students" ("id") on delete cascade, "teacher_id" integer references "teachers" ("id") on delete cascade',
      )
      .replace(/\)\s*$/, `, constraint "discussion_replies_one_author" check ${ONE_AUTHOR})`);
    await sql.raw(rewritten).execute(trx);
    // Nothing references discussion_replies, so dropping it runs no cascade.
    await sql`insert into discussion_replies__new (id, kind, discussion_id, student_id, reply, created_at)
      select id, kind, discussion_id, student_id, reply, created_at from discussion_replies`.execute(trx);
    await sql`drop table discussion_replies`.execute(trx);
    await sql`alter table discussion_replies__new rename to discussion_replies`.execute(trx);
    for (const o of objects.rows) if (o.type === 'index' && o.sql) await sql.raw(o.sql).execute(trx);
  });
}

async function postgresUp(db: AnyDb) {
  await sql`alter table discussion_replies alter column student_id drop not null`.execute(db);
  await sql`alter table discussion_replies add column teacher_id integer references teachers (id) on delete cascade`.execute(
    db,
  );
  await sql
    .raw(`alter table discussion_replies add constraint discussion_replies_one_author check ${ONE_AUTHOR}`)
    .execute(db);
}

export function teacherRepliesMigration(kind: DbKind): Migration {
  return {
    async up(db: AnyDb) {
      if (kind === 'sqlite') await sqliteUp(db);
      else await postgresUp(db);
    },
    /** Teachers' replies are removed; student_id stays nullable (no reply is without an author after that). */
    async down(db: AnyDb) {
      await sql`delete from discussion_replies where teacher_id is not null`.execute(db);
      if (kind === 'postgres') {
        await sql`alter table discussion_replies drop constraint discussion_replies_one_author`.execute(db);
        await sql`alter table discussion_replies drop column teacher_id`.execute(db);
      }
    },
  };
}
