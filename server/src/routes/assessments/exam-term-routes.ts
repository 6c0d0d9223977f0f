/**
 * A class's term of exams (docs/api.md §2.10): one current exam per class, which the class-keyed routes of
 * item-routes.ts serve; the ended ones its teacher closed stay readable here, by their id.
 *   GET  /exams/of-class ?class_id   every exam of the class without content (its managers and assigned students)
 *   GET  /exams/by-id ?id            one exam, current or closed, content as the caller may see it
 *   POST /exams/close ?id            the owner closes an ended exam: the class is free for the next one
 *   POST /exams/reopen ?id           the owner makes a closed exam current again, while the class has none
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { assessments } from '@kelasku/shared-rules/src/wire';
import { examStatus, formatWib } from '../../domain/exam-window';
import { requireClass, requireItem } from '../../domain/policy';
import { EXAM, itemByParent } from '../../domain/repo/assessments';
import { closeExam, currentExamClash, examsOfClass, type ExamOfTerm, reopenExam } from '../../domain/repo/exam-term';
import { conflict } from '../../plugins/errors';
import { idQuerySchema, idSchema } from '../helpers';
import { itemReply } from './item-schemas';
import { itemJson, visibleContent } from './item-routes';

const tags = ['exams'];

function summaryJson(e: ExamOfTerm, now = new Date()) {
  return {
    id: e.id,
    class_id: e.class_id,
    title: e.title,
    kind: e.kind,
    kind_label: e.kind_label,
    start_time: formatWib(e.start_time),
    end_time: formatWib(e.end_time),
    status: examStatus(e.start_time, e.end_time, now),
    closed_at: e.closed_at == null ? null : formatWib(e.closed_at),
  };
}

export function registerExamTermRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.get(
    '/exams/of-class',
    {
      schema: {
        tags,
        summary: 'Every exam of a class, current first, then the closed ones newest first (no content)',
        querystring: Type.Object({ class_id: idSchema }),
        response: { 200: Type.Array(assessments.examSummarySchema) },
      },
    },
    async (request) => {
      const cls = await requireClass(db, request.user, request.query.class_id, 'read');
      return (await examsOfClass(db, cls.id)).map((e) => summaryJson(e));
    },
  );

  app.get(
    '/exams/by-id',
    {
      schema: {
        tags,
        summary: 'One exam by its id, current or closed (content as for GET /exams)',
        querystring: idQuerySchema,
        response: { 200: itemReply(EXAM) },
      },
    },
    async (request) => {
      const item = await requireItem(db, EXAM, request.user, request.query.id, 'read');
      const now = new Date();
      return itemJson(
        EXAM,
        item,
        app.publicImages.content(await visibleContent(db, EXAM, request.user, item, now)),
        now,
      );
    },
  );

  app.post(
    '/exams/close',
    {
      preHandler: app.requireRole('teacher', 'admin'),
      schema: {
        tags,
        summary: 'Close an ended exam (owner): it leaves the class-keyed routes, the class may get its next exam',
        querystring: idQuerySchema,
        response: { 200: itemReply(EXAM) },
      },
    },
    async (request) => {
      const item = await requireItem(db, EXAM, request.user, request.query.id, 'manage');
      if (item.closed_at != null) throw conflict('This exam is closed already', { code: 'exam-already-closed' });
      if (examStatus(item.start_time!, item.end_time!) !== 'Completed')
        throw conflict('Only an exam that has ended can be closed', { code: 'exam-not-ended' });
      if (!(await closeExam(db, item.id)))
        throw conflict('This exam is closed already', { code: 'exam-already-closed' });
      const closed = await requireItem(db, EXAM, request.user, item.id, 'manage');
      return itemJson(EXAM, closed, {});
    },
  );

  app.post(
    '/exams/reopen',
    {
      preHandler: app.requireRole('teacher', 'admin'),
      schema: {
        tags,
        summary: "Make a closed exam the class's current one again (owner; 409 while the class has a current exam)",
        querystring: idQuerySchema,
        response: { 200: itemReply(EXAM) },
      },
    },
    async (request) => {
      const item = await requireItem(db, EXAM, request.user, request.query.id, 'manage');
      if (item.closed_at == null) throw conflict('This exam is not closed', { code: 'exam-not-closed' });
      if (await itemByParent(db, EXAM, item.class_id)) throw currentExamClash();
      await reopenExam(db, item.id);
      const open = await requireItem(db, EXAM, request.user, item.id, 'manage');
      return itemJson(EXAM, open, {});
    },
  );
}
