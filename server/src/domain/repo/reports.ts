/** Reports of discussion posts and replies (routes/reports): the reads and writes, throwing domain errors. */
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { ForumKind } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql-helpers';
import { isoFromDb } from '../../db/time';
import { clash, missingRecord } from '../errors';
import { deleteDiscussion } from './forum';

export interface NewReport {
  kind: ForumKind;
  discussion_id: number;
  /** '' for a report of the post itself */
  reply_id: string;
  reporter_id: number;
  reason: string | null;
}

/** Not found unless `replyId` is a reply of that discussion. */
export async function requireReplyOf(db: Db, kind: ForumKind, discussionId: number, replyId: string): Promise<void> {
  const reply = await db
    .selectFrom('discussion_replies')
    .select('id')
    .where('id', '=', replyId)
    .where('kind', '=', kind)
    .where('discussion_id', '=', discussionId)
    .executeTakeFirst();
  if (!reply) throw missingRecord('reply', 'Reply not found');
}

/** Stores a report; a conflict when this student already reported that message (the unique index decides). */
export async function createReport(db: Db, report: NewReport) {
  try {
    const row = await db
      .insertInto('reports')
      .values(report)
      .returning(['id', 'kind', 'discussion_id', 'reply_id', 'reporter_id', 'reason', 'created_at'])
      .executeTakeFirstOrThrow();
    return { ...row, reply_id: row.reply_id || null, created_at: isoFromDb(row.created_at) };
  } catch (e) {
    if (isUniqueViolation(e)) throw clash('You have already reported this message', { code: 'already-reported' });
    throw e;
  }
}

/** Where a reported post was written: its class and material, all null for the group discussion. */
interface PostPlace {
  material_id: number | null;
  material_title: string | null;
  class_id: number | null;
  class_name: string | null;
}
const GROUP_DISCUSSION: PostPlace = { material_id: null, material_title: null, class_id: null, class_name: null };

/** The reported posts of one kind, by id, with author name and place. */
async function reportedPosts(db: Db, kind: ForumKind, ids: number[]) {
  if (ids.length === 0) return new Map<number, PostPlace & { topic: string; description: string; name: string }>();
  if (kind === 'general') {
    const rows = await db
      .selectFrom('general_forum as f')
      .innerJoin('students as s', 's.id', 'f.student_id')
      .select(['f.id', 'f.topic', 'f.description', 's.name'])
      .where('f.id', 'in', ids)
      .execute();
    return new Map(rows.map((p) => [p.id, { ...p, ...GROUP_DISCUSSION }]));
  }
  const rows = await db
    .selectFrom('material_forum as f')
    .innerJoin('students as s', 's.id', 'f.student_id')
    .innerJoin('materials as m', 'm.id', 'f.material_id')
    .innerJoin('classes as c', 'c.id', 'm.class_id')
    .select([
      'f.id',
      'f.topic',
      'f.description',
      's.name',
      'm.id as material_id',
      'm.title as material_title',
      'c.id as class_id',
      'c.name as class_name',
    ])
    .where('f.id', 'in', ids)
    .execute();
  return new Map(rows.map((p) => [p.id, p]));
}

async function reportedReplies(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { id: string; reply: string; name: string }>();
  const rows = await db
    .selectFrom('discussion_replies as r')
    .leftJoin('students as s', 's.id', 'r.student_id')
    .leftJoin('teachers as t', 't.id', 'r.teacher_id')
    .select((eb) => ['r.id', 'r.reply', eb.fn.coalesce('s.name', 't.name', sql<string>`''`).as('name')])
    .where('r.id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * One page of reports, newest first, with names, the reported text and where it was posted, and how many there are;
 * reports whose message is gone are left out of the page (and still counted: deleting a message deletes its reports,
 * so these are rare).
 */
export async function listReports(db: Db, paging: { pageSize: number; offset: number }) {
  const reported = db.selectFrom('reports as r').innerJoin('students as s', 's.id', 'r.reporter_id');
  const [reports, count] = await Promise.all([
    reported
      .select([
        'r.id',
        'r.kind',
        'r.discussion_id',
        'r.reply_id',
        'r.reporter_id',
        's.name as reporter_name',
        'r.reason',
        'r.created_at',
      ])
      .orderBy('r.id', 'desc')
      .limit(paging.pageSize)
      .offset(paging.offset)
      .execute(),
    reported.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const postIds = (kind: ForumKind) => [...new Set(reports.filter((r) => r.kind === kind).map((r) => r.discussion_id))];
  const [general, material, replies] = await Promise.all([
    reportedPosts(db, 'general', postIds('general')),
    reportedPosts(db, 'material', postIds('material')),
    reportedReplies(db, [...new Set(reports.map((r) => r.reply_id).filter(Boolean))]),
  ]);
  const posts = { general, material };
  const items = reports.flatMap((r) => {
    const post = posts[r.kind]?.get(r.discussion_id);
    const reply = r.reply_id ? replies.get(r.reply_id) : undefined;
    if (!post || (r.reply_id && !reply)) return []; // target gone (e.g. its student was deleted)
    return [
      {
        id: r.id,
        kind: r.kind,
        discussion_id: r.discussion_id,
        reply_id: r.reply_id || null,
        reporter_id: r.reporter_id,
        reporter_name: r.reporter_name,
        author_name: reply ? reply.name : post.name,
        topic: post.topic,
        message: reply ? reply.reply : post.description,
        reason: r.reason ?? null,
        class_id: post.class_id,
        class_name: post.class_name,
        material_id: post.material_id,
        material_title: post.material_title,
        created_at: isoFromDb(r.created_at),
      },
    ];
  });
  return { items, total: Number(count.n) };
}

export async function requireReport(db: Db, id: number) {
  const report = await db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!report) throw missingRecord('report', 'Report not found');
  return report;
}

type Report = Awaited<ReturnType<typeof requireReport>>;

/** Deletes the reported post or reply, and every report on it. */
export async function deleteReportedMessage(db: Db, report: Report): Promise<void> {
  if (report.reply_id) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('reports').where('reply_id', '=', report.reply_id).execute();
      await trx.deleteFrom('discussion_replies').where('id', '=', report.reply_id).execute();
    });
  } else {
    await deleteDiscussion(db, report.kind, report.discussion_id);
  }
}

/** Removes every report on the same message: the admin judged the message, not one student's report of it. */
export async function dismissReports(db: Db, report: Report): Promise<void> {
  await db
    .deleteFrom('reports')
    .where('kind', '=', report.kind)
    .where('discussion_id', '=', report.discussion_id)
    .where('reply_id', '=', report.reply_id)
    .execute();
}
