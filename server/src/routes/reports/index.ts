/**
 * Reports of discussion posts and replies (docs/api.md §2.11):
 *   POST /reports (a student, on a post they may read — 404 otherwise, as for a missing one; 409 when this student
 *   already reported it; an optional reason), GET /reports (admin, with reporter/author names, the reported text, the
 *   reason and where it was posted), DELETE /reports?id (admin: deletes the reported post or reply and every report
 *   on it), POST /reports/dismiss?id (admin: removes every report on that post or reply and keeps the message).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { MAX_REPORT_REASON_CHARS } from '../../domain/limits';
import { requirePost, requireStudentId } from '../../domain/policy';
import { deleteDiscussion } from '../../domain/repo/forum';
import type { ForumKind } from '../../db/schema';
import { isoFromDb } from '../../db/time';
import { conflict, notFound } from '../../plugins/errors';
import { idQuerySchema, idSchema, type IdQuery } from '../helpers';

const tags = ['reports'];

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export default async function reportsRoutes(app: FastifyInstance) {
  const db = app.db;

  app.post('/reports', {
    preHandler: app.requireRole('student'),
    schema: {
      tags, summary: 'Report a discussion post or one of its replies',
      body: {
        type: 'object', required: ['kind', 'discussion_id'],
        properties: {
          kind: { type: 'string', enum: ['general', 'material'] },
          discussion_id: idSchema,
          reply_id: { type: ['string', 'null'], maxLength: 36 },
          reason: { type: ['string', 'null'], maxLength: MAX_REPORT_REASON_CHARS },
        },
      },
    },
  }, async (request) => {
    const body = request.body as { kind: ForumKind; discussion_id: number; reply_id?: string | null; reason?: string | null };
    const reason = body.reason?.trim() || null;
    const reporterId = requireStudentId(request.user, 'report');
    const replyId = body.reply_id ? body.reply_id : '';
    // Only a post the student may read; one they may not is "not found" too, so reports reveal no ids.
    await requirePost(db, request.user, body.kind, body.discussion_id, 'report');
    if (replyId) {
      const reply = await db.selectFrom('discussion_replies').select('id')
        .where('id', '=', replyId).where('kind', '=', body.kind).where('discussion_id', '=', body.discussion_id).executeTakeFirst();
      if (!reply) throw notFound('Reply not found');
    }
    try {
      const row = await db.insertInto('reports')
        .values({ kind: body.kind, discussion_id: body.discussion_id, reply_id: replyId, reporter_id: reporterId, reason })
        .returning(['id', 'kind', 'discussion_id', 'reply_id', 'reporter_id', 'reason', 'created_at'])
        .executeTakeFirstOrThrow();
      return { ...row, reply_id: row.reply_id || null, created_at: isoFromDb(row.created_at) };
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('You have already reported this message');
      throw e;
    }
  });

  app.get('/reports', {
    preHandler: app.requireRole('admin'),
    schema: { tags, summary: 'Every report, newest first, with names, the reported text, the reason and where it was posted' },
  }, async () => {
    const reports = await db.selectFrom('reports as r')
      .innerJoin('students as s', 's.id', 'r.reporter_id')
      .select(['r.id', 'r.kind', 'r.discussion_id', 'r.reply_id', 'r.reporter_id', 's.name as reporter_name', 'r.reason', 'r.created_at'])
      .orderBy('r.id', 'desc')
      .execute();
    const ids = (kind: ForumKind) => [...new Set(reports.filter((r) => r.kind === kind).map((r) => r.discussion_id))];
    const replyIds = [...new Set(reports.map((r) => r.reply_id).filter(Boolean))];
    const [general, material, replies] = await Promise.all([
      ids('general').length
        ? db.selectFrom('general_forum as f').innerJoin('students as s', 's.id', 'f.student_id')
          .select(['f.id', 'f.topic', 'f.description', 's.name']).where('f.id', 'in', ids('general')).execute()
        : [],
      ids('material').length
        ? db.selectFrom('material_forum as f').innerJoin('students as s', 's.id', 'f.student_id')
          .innerJoin('materials as m', 'm.id', 'f.material_id').innerJoin('classes as c', 'c.id', 'm.class_id')
          .select(['f.id', 'f.topic', 'f.description', 's.name', 'm.id as material_id', 'm.title as material_title', 'c.id as class_id', 'c.name as class_name'])
          .where('f.id', 'in', ids('material')).execute()
        : [],
      replyIds.length
        ? db.selectFrom('discussion_replies as r').leftJoin('students as s', 's.id', 'r.student_id').leftJoin('teachers as t', 't.id', 'r.teacher_id')
          .select((eb) => ['r.id', 'r.reply', eb.fn.coalesce('s.name', 't.name', sql<string>`''`).as('name')]).where('r.id', 'in', replyIds).execute()
        : [],
    ]);
    type Where = { material_id: number | null; material_title: string | null; class_id: number | null; class_name: string | null };
    const nowhere: Where = { material_id: null, material_title: null, class_id: null, class_name: null };
    const posts = {
      general: new Map(general.map((p) => [p.id, { ...p, ...nowhere }])),
      material: new Map(material.map((p) => [p.id, p])),
    };
    const replyMap = new Map(replies.map((r) => [r.id, r]));
    const out = [];
    for (const r of reports) {
      const post = posts[r.kind as ForumKind]?.get(r.discussion_id);
      const reply = r.reply_id ? replyMap.get(r.reply_id) : undefined;
      if (!post || (r.reply_id && !reply)) continue; // target gone (e.g. its student was deleted)
      out.push({
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
        // Where it was posted: the class and material of a material discussion; all null for the group discussion.
        class_id: post.class_id,
        class_name: post.class_name,
        material_id: post.material_id,
        material_title: post.material_title,
        created_at: isoFromDb(r.created_at),
      });
    }
    return out;
  });

  app.delete('/reports', {
    preHandler: app.requireRole('admin'),
    schema: { tags, summary: 'Delete the reported post or reply, and every report on it', querystring: idQuerySchema },
  }, async (request) => {
    const { id } = request.query as IdQuery;
    const report = await db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
    if (!report) throw notFound('Report not found');
    const kind = report.kind as ForumKind;
    if (report.reply_id) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('reports').where('reply_id', '=', report.reply_id).execute();
        await trx.deleteFrom('discussion_replies').where('id', '=', report.reply_id).execute();
      });
    } else {
      await deleteDiscussion(db, kind, report.discussion_id);
    }
    return { message: 'Reported message deleted successfully' };
  });
  app.post('/reports/dismiss', {
    preHandler: app.requireRole('admin'),
    schema: { tags, summary: 'Dismiss a report: every report on that post or reply goes, the message stays', querystring: idQuerySchema },
  }, async (request) => {
    const { id } = request.query as IdQuery;
    const report = await db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
    if (!report) throw notFound('Report not found');
    // Every report on the same message: the admin judged the message, not one student's report of it.
    await db.deleteFrom('reports')
      .where('kind', '=', report.kind).where('discussion_id', '=', report.discussion_id).where('reply_id', '=', report.reply_id)
      .execute();
    return { message: 'Report dismissed' };
  });
}
