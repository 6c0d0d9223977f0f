/**
 * Reports of discussion posts and replies (docs/api.md §2.11):
 *   POST /reports (a student, on a post they may read — 404 otherwise, as for a missing one; 409 when this student
 *   already reported it; an optional reason), GET /reports (admin, with reporter/author names, the reported text, the
 *   reason and where it was posted; paged: with `page` or `pageSize` the usual `{reports, meta}` envelope, without
 *   either the first page as a bare array, as the list always answered), DELETE /reports?id (admin: deletes the reported post or reply and every report
 *   on it), POST /reports/dismiss?id (admin: removes every report on that post or reply and keeps the message).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { reportFields, reportListItemSchema as reportListItem } from '@kelasku/shared-rules/src/wire/reports';
import { Type } from 'typebox';
import { MAX_REPORT_PAGE_SIZE, MAX_REPORT_REASON_BYTES } from '../../domain/limits';
import { requireTextBytes } from '../../domain/text-caps';
import { requirePost, requireStudentId } from '../../domain/policy';
import {
  createReport,
  deleteReportedMessage,
  dismissReports,
  listReports,
  requireReplyOf,
  requireReport,
} from '../../domain/repo/reports';
import {
  idQuerySchema,
  idSchema,
  messageResponse,
  nullable,
  pageMeta,
  pageMetaSchema,
  pagingQuerySchema,
  parsePaging,
} from '../helpers';

const tags = ['reports'];

/** Which forum the post is in (db/schema.ts ForumKind). */
const forumKindSchema = Type.Enum(['general', 'material'], { type: 'string' });

const reportBodySchema = Type.Object({
  kind: forumKindSchema,
  discussion_id: idSchema,
  reply_id: Type.Optional(nullable(Type.String({ maxLength: 36 }))),
  reason: Type.Optional(nullable(Type.String({ description: `at most ${MAX_REPORT_REASON_BYTES} bytes` }))),
});

export default async function reportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const admin = app.requireRole('admin');

  app.post(
    '/reports',
    {
      preHandler: app.requireRole('student'),
      schema: {
        tags,
        summary: 'Report a discussion post or one of its replies',
        body: reportBodySchema,
        response: { 200: Type.Object(reportFields) },
      },
    },
    async (request) => {
      const { kind, discussion_id, reply_id, reason } = request.body;
      const reporterId = requireStudentId(request.user, 'report');
      if (reason) requireTextBytes('reason', reason, MAX_REPORT_REASON_BYTES);
      // Only a post the student may read; one they may not is "not found" too, so reports reveal no ids.
      await requirePost(db, request.user, kind, discussion_id, 'report');
      if (reply_id) await requireReplyOf(db, kind, discussion_id, reply_id);
      return createReport(db, {
        kind,
        discussion_id,
        reply_id: reply_id || '',
        reporter_id: reporterId,
        reason: reason?.trim() || null,
      });
    },
  );

  app.get(
    '/reports',
    {
      preHandler: admin,
      schema: {
        tags,
        summary:
          'A page of reports, newest first, with names, the reported text, the reason and where it was posted ' +
          `(at most ${MAX_REPORT_PAGE_SIZE}; without page and pageSize: the first page as a bare array)`,
        querystring: pagingQuerySchema,
        response: {
          200: Type.Union([
            Type.Object({ reports: Type.Array(reportListItem), meta: pageMetaSchema }),
            Type.Array(reportListItem),
          ]),
        },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const paging = parsePaging(request.query, MAX_REPORT_PAGE_SIZE, MAX_REPORT_PAGE_SIZE);
      const { items, total } = await listReports(db, paging);
      return page === undefined && pageSize === undefined ? items : { reports: items, meta: pageMeta(paging, total) };
    },
  );

  app.delete(
    '/reports',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Delete the reported post or reply, and every report on it',
        querystring: idQuerySchema,
        response: messageResponse,
      },
    },
    async (request) => {
      await deleteReportedMessage(db, await requireReport(db, request.query.id));
      return { message: 'Reported message deleted successfully' };
    },
  );

  app.post(
    '/reports/dismiss',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Dismiss a report: every report on that post or reply goes, the message stays',
        querystring: idQuerySchema,
        response: messageResponse,
      },
    },
    async (request) => {
      await dismissReports(db, await requireReport(db, request.query.id));
      return { message: 'Report dismissed' };
    },
  );
}
