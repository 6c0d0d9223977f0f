/**
 * Discussions of both forums (general: `general_forum`, per material: `material_forum`), docs/api.md §2.6–2.7.
 *
 * Replies live one row each in `discussion_replies` (an append is one INSERT, so concurrent replies are never lost);
 * the API still returns each discussion with its `replies` array:
 *   { id, student_id, student_name, topic, description, [material_id], created_at,
 *     replies: [{ id, student_id, [teacher_id], name, role, reply, time }] }
 * A reply is a student's (`role` 'student') or a teacher's (`role` 'teacher', `student_id` null, `teacher_id` set: in the
 * group discussions any teacher, in the material forum the class teacher). `name` comes from the students or teachers table, `time` is RFC 3339 with the
 * +07:00 offset.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { dbKindOf, type Db } from '../../db/connect';
import type { ForumKind } from '../../db/schema';
import { preparedRead } from '../../db/prepared';
import { isoFromDb, toDbTime } from '../../db/time';
import { materialDiscussionsSql, repliesSql, type SessionColumns, withSessionColumns } from './hot-reads';
import type { MaterialFacts } from './common';
import { formatWib } from '../exam-window';
import { textBytes } from '@kelasku/shared-rules';
import { MAX_REPLIES_PER_POST, MAX_REPLY_BYTES_PER_POST } from '../limits';

export interface ReplyItem {
  id: string;
  /** null for a teacher's reply */
  student_id: number | null;
  teacher_id?: number;
  name: string;
  role: 'student' | 'teacher';
  reply: string;
  time: string;
}

export interface DiscussionItem {
  id: number;
  /** null when the author's account was deleted (the post stays for the replies other students wrote) */
  student_id: number | null;
  student_name: string;
  material_id?: number;
  topic: string;
  description: string;
  created_at: string;
  replies: ReplyItem[];
}

// Both forum tables share id, student_id, topic, description, created_at, updated_at. Queries are typed against
// general_forum and run against either table name (material_id is selected only for the material forum).
export function forumTable(kind: ForumKind): 'general_forum' {
  return (kind === 'general' ? 'general_forum' : 'material_forum') as 'general_forum';
}

interface PostRow {
  id: number;
  student_id: number | null;
  student_name: string;
  material_id?: number;
  topic: string;
  description: string;
  created_at: Date | string;
}

function postQuery(db: Db, kind: ForumKind) {
  const q = db
    .selectFrom(`${forumTable(kind)} as f`)
    .leftJoin('students as s', 's.id', 'f.student_id')
    .select((eb) => [
      'f.id',
      'f.student_id',
      eb.fn.coalesce('s.name', sql<string>`'Former student'`).as('student_name'),
      'f.topic',
      'f.description',
      'f.created_at',
    ]);
  return kind === 'material' ? q.select(sql<number>`f.material_id`.as('material_id')) : q;
}

export interface ReplyRow {
  id: string;
  discussion_id: number;
  student_id: number | null;
  teacher_id: number | null;
  name: string;
  reply: string;
  created_at: Date | string;
}

async function repliesOf(db: Db, kind: ForumKind, ids: number[]): Promise<Map<number, ReplyItem[]>> {
  const out = new Map<number, ReplyItem[]>();
  if (ids.length === 0) return out;
  // prepared once: the id list is one parameter (an int[] on PostgreSQL, a JSON array on SQLite)
  const dialect = dbKindOf(db);
  const rows = await preparedRead(db, repliesSql(dialect))([kind, dialect === 'postgres' ? ids : JSON.stringify(ids)]);
  for (const r of rows) {
    const list = out.get(r.discussion_id) ?? [];
    const author =
      r.teacher_id != null
        ? { student_id: null, teacher_id: r.teacher_id, role: 'teacher' as const }
        : { student_id: r.student_id, role: 'student' as const };
    list.push({ id: r.id, ...author, name: r.name, reply: r.reply, time: formatWib(r.created_at) });
    out.set(r.discussion_id, list);
  }
  return out;
}

function toItem(row: PostRow, replies: ReplyItem[]): DiscussionItem {
  return {
    id: row.id,
    student_id: row.student_id,
    student_name: row.student_name,
    ...(row.material_id !== undefined ? { material_id: Number(row.material_id) } : {}),
    topic: row.topic,
    description: row.description,
    created_at: isoFromDb(row.created_at),
    replies,
  };
}

/** One page of discussions, newest first, with replies (the general forum's; the material forum's: materialDiscussions). */
export async function listDiscussions(
  db: Db,
  kind: ForumKind,
  paging: { pageSize: number; offset: number },
): Promise<{ items: DiscussionItem[]; total: number }> {
  const page = postQuery(db, kind);
  const count = db.selectFrom(`${forumTable(kind)} as f`).select((eb) => eb.fn.countAll<number>().as('n'));
  const [rows, total] = await Promise.all([
    page.orderBy('f.id', 'desc').limit(paging.pageSize).offset(paging.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  const replies = await repliesOf(
    db,
    kind,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toItem(r as PostRow, replies.get(r.id) ?? [])), total: Number(total.n) };
}

const MATERIAL_DISCUSSIONS_SQL = {
  sqlite: withSessionColumns(materialDiscussionsSql('sqlite'), 5),
  postgres: withSessionColumns(materialDiscussionsSql('postgres'), 5),
};

/** A material's discussion page as materialDiscussions reads it (undefined: no such material). */
export interface MaterialDiscussionPage {
  material: MaterialFacts;
  /** is the student given to the read assigned to the material's class now (false for others) */
  assigned: boolean;
  total: number;
  /** the page as JSON text: DiscussionItem[] exactly as JSON.stringify writes it (hot-reads.ts materialDiscussionsSql) */
  discussionsJson: string;
  /** the session check of user `sessionUserId`, done by the same statement */
  session: SessionColumns;
}

/**
 * One page of a material's discussions with their replies, and the material's access facts, in one prepared
 * statement; whether the caller may read them is the caller's to decide (policy.ts requirePlace) before sending any.
 */
export async function materialDiscussions(
  db: Db,
  materialId: number,
  paging: { pageSize: number; offset: number },
  studentId: number | null,
  sessionUserId: number,
): Promise<MaterialDiscussionPage | undefined> {
  const [row] = await preparedRead(
    db,
    MATERIAL_DISCUSSIONS_SQL[dbKindOf(db)],
  )([materialId, studentId, paging.pageSize, paging.offset, sessionUserId]);
  if (!row) return undefined;
  const material: MaterialFacts = {
    id: Number(row.id),
    class_id: Number(row.class_id),
    teacher_id: Number(row.teacher_id),
    class_teacher_id: Number(row.class_teacher_id),
  };
  return {
    material,
    assigned: Boolean(row.assigned),
    total: Number(row.total),
    discussionsJson: String(row.discussions),
    session: row,
  };
}

export async function getDiscussion(db: Db, kind: ForumKind, id: number): Promise<DiscussionItem | undefined> {
  const row = await postQuery(db, kind).where('f.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const replies = await repliesOf(db, kind, [id]);
  return toItem(row, replies.get(id) ?? []);
}

/** What a student writes in a discussion (topic trimmed by the caller). */
export interface PostText {
  topic: string;
  description: string;
}

/** A new discussion by a student (the material forum's under `materialId`); returns its id. */
export async function createDiscussion(
  db: Db,
  kind: ForumKind,
  studentId: number,
  text: PostText,
  materialId?: number,
): Promise<number> {
  const values = { ...text, student_id: studentId };
  const row =
    kind === 'general'
      ? await db.insertInto('general_forum').values(values).returning('id').executeTakeFirstOrThrow()
      : await db
          .insertInto('material_forum')
          .values({ ...values, material_id: materialId! })
          .returning('id')
          .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces a discussion's topic and description. */
export async function updateDiscussion(db: Db, kind: ForumKind, id: number, text: PostText): Promise<void> {
  const values = { ...text, updated_at: toDbTime() };
  if (kind === 'general') await db.updateTable('general_forum').set(values).where('id', '=', id).execute();
  else await db.updateTable('material_forum').set(values).where('id', '=', id).execute();
}

/** Just the facts needed for access checks. */
export async function discussionFacts(
  db: Db,
  kind: ForumKind,
  id: number,
): Promise<{ id: number; student_id: number; material_id?: number } | undefined> {
  let q = db
    .selectFrom(`${forumTable(kind)} as f`)
    .select(['f.id', 'f.student_id'])
    .where('f.id', '=', id);
  if (kind === 'material') q = q.select(sql<number>`f.material_id`.as('material_id'));
  const row = await q.executeTakeFirst();
  return row as { id: number; student_id: number; material_id?: number } | undefined;
}

/** Deletes a discussion with its replies and every report on it or its replies (one transaction). */
export async function deleteDiscussion(db: Db, kind: ForumKind, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('reports').where('kind', '=', kind).where('discussion_id', '=', id).execute();
    await trx.deleteFrom('discussion_replies').where('kind', '=', kind).where('discussion_id', '=', id).execute();
    await trx.deleteFrom(forumTable(kind)).where('id', '=', id).execute();
  });
}

/** Deletes one reply of a discussion and every report on it (one transaction); false when there is no such reply. */
export async function deleteReply(db: Db, kind: ForumKind, discussionId: number, replyId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('discussion_replies')
      .where('kind', '=', kind)
      .where('discussion_id', '=', discussionId)
      .where('id', '=', replyId)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) return false;
    await trx
      .deleteFrom('reports')
      .where('kind', '=', kind)
      .where('discussion_id', '=', discussionId)
      .where('reply_id', '=', replyId)
      .execute();
    return true;
  });
}

/** The author of one reply of a discussion (for delete rights), or undefined. */
export async function replyFacts(
  db: Db,
  kind: ForumKind,
  discussionId: number,
  replyId: string,
): Promise<{ student_id: number | null; teacher_id: number | null } | undefined> {
  return db
    .selectFrom('discussion_replies')
    .select(['student_id', 'teacher_id'])
    .where('kind', '=', kind)
    .where('discussion_id', '=', discussionId)
    .where('id', '=', replyId)
    .executeTakeFirst();
}

/** appendReply's answer when the reply would take the discussion past MAX_REPLIES_PER_POST or MAX_REPLY_BYTES_PER_POST. */
export const DISCUSSION_FULL = Symbol('discussion full');

/** Who writes a reply: a student, or a teacher (in the material forum: the teacher of the material's class now). */
export type ReplyAuthor = { student_id: number } | { teacher_id: number };

/**
 * Appends a reply with ONE insert (INSERT … SELECT) that inserts nothing when the discussion does not exist, when
 * (material forum) the student is not assigned to the material's class — or the teacher does not teach it now —, or
 * when the discussion is full. Returns the new reply's id; DISCUSSION_FULL only to an author who could otherwise reply
 * (so the cap reveals nothing to others). The rights are policy.ts's (requireReply); the joins state them again so a
 * class handed over meanwhile cannot slip through.
 */
export async function appendReply(
  db: Db,
  kind: ForumKind,
  discussionId: number,
  author: ReplyAuthor,
  text: string,
): Promise<string | typeof DISCUSSION_FULL | undefined> {
  const id = crypto.randomUUID();
  const table = sql.table(kind === 'general' ? 'general_forum' : 'material_forum');
  const studentId = 'student_id' in author ? author.student_id : null;
  const teacherId = 'teacher_id' in author ? author.teacher_id : null;
  const assigned =
    kind === 'general'
      ? sql``
      : studentId !== null
        ? sql`join materials m on m.id = f.material_id join assigned_students_class a on a.class_id = m.class_id and a.student_id = ${studentId}`
        : sql`join materials m on m.id = f.material_id join classes c on c.id = m.class_id and c.teacher_id = ${teacherId}`;
  const replyable = sql`from ${table} f ${assigned} where f.id = ${discussionId}`;
  return db.transaction().execute(async (trx) => {
    // PostgreSQL: concurrent replies to one discussion take turns, so each counts the ones committed before it
    // (SQLite runs one write at a time already).
    if (dbKindOf(trx) === 'postgres')
      await sql`select id from ${table} where id = ${discussionId} for update`.execute(trx);
    // A reply's bytes as a page carries it (shared-rules textBytes): the JSON text of the reply without its quotes.
    const roomLeft = MAX_REPLY_BYTES_PER_POST - textBytes(text);
    const replyBytes =
      dbKindOf(trx) === 'postgres'
        ? sql`octet_length(to_jsonb(r.reply)::text) - 2`
        : sql`length(cast(json_quote(r.reply) as blob)) - 2`;
    const result = await sql`insert into discussion_replies (id, kind, discussion_id, student_id, teacher_id, reply)
      select ${id}, ${kind}, f.id, cast(${studentId} as integer), cast(${teacherId} as integer), ${text} ${replyable}
      and (select count(*) from discussion_replies r where r.kind = ${kind} and r.discussion_id = f.id) < ${MAX_REPLIES_PER_POST}
      and (select coalesce(sum(${replyBytes}), 0) from discussion_replies r where r.kind = ${kind} and r.discussion_id = f.id) <= ${roomLeft}`.execute(
      trx,
    );
    if (Number(result.numAffectedRows ?? 0) > 0) return id;
    const couldReply = await sql`select 1 as ok ${replyable}`.execute(trx);
    return couldReply.rows.length > 0 ? DISCUSSION_FULL : undefined;
  });
}

/** Material discussion topics (`f`, with their material `m`) that no teacher has replied to yet. */
function unansweredMaterialTopics(db: Db) {
  return db
    .selectFrom('material_forum as f')
    .innerJoin('materials as m', 'm.id', 'f.material_id')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('discussion_replies as r')
            .select('r.id')
            .where('r.kind', '=', 'material')
            .whereRef('r.discussion_id', '=', 'f.id')
            .where('r.teacher_id', 'is not', null),
        ),
      ),
    );
}

/** The most materials unansweredTopics lists: far above one class's materials, so the answer stays small. */
export const MAX_UNANSWERED_MATERIALS = 1000;

/**
 * Per material of one class, how many of its discussion topics no teacher has answered yet (materials with none are
 * left out): one grouped read.
 */
export async function unansweredTopics(
  db: Db,
  classId: number,
): Promise<{ material_id: number; unanswered: number }[]> {
  const rows = await unansweredMaterialTopics(db)
    .where('m.class_id', '=', classId)
    .groupBy('f.material_id')
    .select((eb) => ['f.material_id', eb.fn.countAll<number | string>().as('unanswered')])
    .orderBy('f.material_id')
    .limit(MAX_UNANSWERED_MATERIALS)
    .execute();
  return rows.map((r) => ({ material_id: Number(r.material_id), unanswered: Number(r.unanswered) }));
}

/**
 * Per class the teacher teaches now (archived ones aside), how many topics of its materials no teacher has answered
 * yet (classes with none are left out): one grouped read, for the teacher dashboard.
 */
export async function unansweredTopicsOfTeacher(
  db: Db,
  teacherId: number,
): Promise<{ class_id: number; name: string; grade: number; unanswered: number }[]> {
  const rows = await unansweredMaterialTopics(db)
    .innerJoin('classes as c', 'c.id', 'm.class_id')
    .where('c.teacher_id', '=', teacherId)
    .where('c.archived_at', 'is', null)
    .groupBy(['c.id', 'c.name', 'c.grade'])
    .select((eb) => ['c.id as class_id', 'c.name', 'c.grade', eb.fn.countAll<number | string>().as('unanswered')])
    .orderBy('c.grade')
    .orderBy('c.name')
    .execute();
  return rows.map((r) => ({
    class_id: Number(r.class_id),
    name: r.name,
    grade: Number(r.grade),
    unanswered: Number(r.unanswered),
  }));
}
