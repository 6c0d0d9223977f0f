/**
 * POST /sealed-answers (public: the page that delivers is whoever's is open on that browser now, docs/api.md):
 * answers a student could not send before signing out on a shared computer, sealed in the browser
 * (shared-api sealed-answers.ts). Accepted once per ticket, only while the student's sheet is open (or not opened yet:
 * it is opened as a first save would open it) and (exams) inside the window, merged per question like any save; 204
 * with no body, and nothing is read back.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BODY_LIMITS } from '../../domain/limits';
import { openEnvelope, SealedError, type SealedAnswers } from '../../domain/answer-delivery';
import { answerWindow, type Caller, outsideWindow, requireItem as requireItemAccess } from '../../domain/policy';
import { extraMinutesFor } from '../../domain/repo/exam-proctoring';
import { answerSaverFor, mergeChanges } from '../../domain/repo/answer-saves';
import { sheetRefusal } from '../../domain/sheet-bounds';
import { EXAM, EXERCISE, itemById, openSheet, sheetOf } from '../../domain/repo/assessments';
import { studentLogin, takeDeliveryNonce } from '../../domain/repo/sealed-deliveries';
import { badRequest, conflict, HttpError } from '../../plugins/errors';
import { validChanges } from '../answer-changes';

/** Deliveries per address per minute: a lab's computers share one address, and each load delivers a few at most. */
export const SEALED_DELIVERY_LIMIT = { max: 60, windowMs: 60_000 };

const base64 = (maxLength: number) => Type.String({ pattern: '^[A-Za-z0-9+/]*={0,2}$', maxLength });

const envelopeSchema = Type.Object(
  {
    key_id: Type.String({ pattern: '^[0-9a-f]{16}$' }),
    kind: Type.Union([Type.Literal('exam'), Type.Literal('exercise')]),
    item_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    key: base64(512),
    iv: Type.String({ pattern: '^[A-Za-z0-9+/]{16}$' }),
    data: base64(BODY_LIMITS.sealedAnswers),
  },
  { additionalProperties: false },
);

const unreadable = () => badRequest('The sealed answers could not be opened', { code: 'sealed-unreadable' });
const noOpenSheet = () => conflict('There is no open answer sheet for these answers', { code: 'sealed-no-open-sheet' });

export default async function sealedAnswersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const savers = { exam: answerSaverFor(db, EXAM), exercise: answerSaverFor(db, EXERCISE) };

  app.post(
    '/sealed-answers',
    {
      // the ticket inside the envelope is the proof, not a token
      config: { public: true },
      schema: {
        tags: ['exam answers'],
        summary: 'Deliver answers sealed on a shared computer after a sign-out (public; 204, once per ticket)',
        body: envelopeSchema,
        response: { 204: Type.Null({ description: 'accepted and merged' }) },
      },
    },
    async (request, reply) => {
      const { count, resetAt } = await app.attemptCounters.hit(
        `sealed-answers:${request.ip}`,
        SEALED_DELIVERY_LIMIT.max,
        SEALED_DELIVERY_LIMIT.windowMs,
      );
      if (count > SEALED_DELIVERY_LIMIT.max) {
        reply.header('retry-after', String(Math.max(1, Math.ceil((resetAt - Date.now()) / 1000))));
        throw new HttpError(429, 'Too many requests', { code: 'too-many-requests' });
      }
      const keys = app.answersDelivery();
      if (!keys) throw unreadable();
      let sealed: SealedAnswers;
      try {
        sealed = openEnvelope(keys, request.body);
      } catch (err) {
        if (err instanceof SealedError) throw unreadable();
        throw err;
      }
      // What a save's body may hold (the save route's own rule: routes/answer-changes.ts).
      if (!validChanges(request, sealed.changes, BODY_LIMITS.sealedAnswers)) throw unreadable();

      const spec = sealed.kind === 'exam' ? EXAM : EXERCISE;
      const [item, sheet, login] = await Promise.all([
        itemById(db, spec, sealed.item_id),
        sheetOf(db, spec, sealed.item_id, sealed.student_id),
        studentLogin(db, sealed.student_id),
      ]);
      if (!item || !login) throw noOpenSheet();
      if (sheet?.status === 'Inactive') throw conflict('Sheet already submitted', { code: 'sheet-already-submitted' });
      const extra = spec.kind === 'exam' ? await extraMinutesFor(db, item.id, sealed.student_id) : 0;
      const refusal = outsideWindow(answerWindow(spec, item, new Date(), extra));
      if (refusal) throw refusal;
      // Answers typed before the student's first save never opened a sheet: it is opened now, as that first save would
      // have (the student must be allowed to read the item now: assigned to its class; the window was checked above).
      const student: Caller = { user_id: login.userId, role: 'student', student_id: sealed.student_id };
      if (!sheet) await requireItemAccess(db, spec, student, item.id, 'read');
      if (!(await takeDeliveryNonce(db, sealed.nonce)))
        throw conflict('These sealed answers were delivered already', { code: 'sealed-already-delivered' });
      const sheetId = sheet?.id ?? (await openSheet(db, spec, item.id, sealed.student_id, {})).id;
      // The save's own statement checks again (owner, assigned, open, window) as it merges: nothing else writes here.
      const saved = await savers[sealed.kind].save({
        sheetId,
        studentId: sealed.student_id,
        ...login,
        changes: sealed.changes,
      });
      if (saved === undefined) {
        // As the save route names it: a question the item does not have, a sheet past its size; else not open.
        const after = mergeChanges(sheet?.answers ?? {}, {}, sealed.changes, Date.now()).answers;
        throw sheetRefusal(Object.keys(sealed.changes), item.question_count ?? 0, after) ?? noOpenSheet();
      }
      return reply.code(204).send(null);
    },
  );
}
