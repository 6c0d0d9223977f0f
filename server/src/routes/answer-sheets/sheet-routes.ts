/**
 * Answer sheets of exercises (/exercises-answers) and exams (/exams-answers), docs/api.md §2.9–2.10.
 * A sheet is `{id, exercise_id|exam_id, student_id, answers, status: "Active"|"Inactive", score}`.
 * - GET ?item&student_id: the student's own sheet as an array; managers may read any (student_id optional → all);
 * - POST: idempotent per (item, student); only students assigned to the class; exams only inside [start, end];
 * - PUT/PATCH ?id: the whole answers map, or per-question `changes` (merged: per question the latest change wins, and
 *   the reply carries every answer of the sheet); ONE UPDATE (group-committed with concurrent saves,
 *   domain/repo/answer-saves.ts) checks session, owner, lock, window and (with `seq`) that the map is newer than the
 *   stored one; 409 once submitted; a stale map (stored `answers_seq` ≥ seq) answers 200 with the stored sheet;
 * - DELETE ?id: the item's teacher or an admin (the grade goes too, so the student can start again).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ContentError, MAX_QUESTIONS, validateAnswers } from '../../domain/content';
import { deviceFrom } from '../../domain/device-gate';
import { requireWholeMap, sheetRefusal } from '../../domain/sheet-bounds';
import { changesSchema, requireChangeSizes } from '../answer-changes';
import {
  answerWindow,
  type Caller,
  isStudent,
  managesClass,
  outsideWindow,
  requireItem as requireItemAccess,
  requireStudentId,
  requireWorkRead,
  sheetWriteRefusal,
  targetStudent,
} from '../../domain/policy';
import {
  deleteSheet,
  itemById,
  type ItemFacts,
  itemWithSheet,
  type ItemSpec,
  openSheet,
  sheetById,
  sheetJson,
  sheetOf,
  sheetsOfItem,
  type Sheet,
} from '../../domain/repo/assessments';
import { answerSaverFor, mergeChanges } from '../../domain/repo/answer-saves';
import { isArchivedClass, isAssigned } from '../../domain/repo/common';
import { extraMinutesFor } from '../../domain/repo/exam-proctoring';
import { badRequest, conflict, forbidden, recordNotFound } from '../../plugins/errors';
import {
  idQuerySchema,
  idSchema,
  messageResponse,
  pagingProperties,
  parsePaging,
  UPDATE_METHODS,
  withKey,
} from '../helpers';
import { SHEET_LIST_PAGE_SIZE } from '../../domain/limits';
import { sheetListResponse } from '../read-schemas';

/**
 * JSON schema of an answers map: question-number keys, string values (validated by ajv, no parsing in handlers). Their
 * sizes, in bytes, and the questions the item has are domain/sheet-bounds.ts's.
 */
const answersJson = {
  type: 'object',
  maxProperties: MAX_QUESTIONS,
  propertyNames: { pattern: '^[1-9][0-9]{0,3}$' },
  additionalProperties: { type: 'string' },
} as const;

export const answersSchema = Type.Unsafe<Record<string, string>>(answersJson);

/** The client's number of a saved map (`answers_seq`): newer maps carry larger numbers. */
const seqSchema = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/** One sheet as GET lists it (read-schemas.ts): POST and the save answer the same shape, in the same key order. */
const sheetResponse = { 200: sheetListResponse[200].items };

function refuseOutsideWindow(spec: ItemSpec, item: ItemFacts, extraMinutes: number): void {
  const refusal = outsideWindow(answerWindow(spec, item, new Date(), extraMinutes));
  if (refusal) throw refusal;
}

/** The answer sheets of one kind of item (exercise, exam) at `base`: read, open, save, delete. */
export function registerSheetRoutes(fastify: FastifyInstance, spec: ItemSpec, base: string) {
  registerSheetRead(fastify, spec, base);
  registerSheetOpen(fastify, spec, base);
  registerSheetSave(fastify, spec, base);
  registerSheetDelete(fastify, spec, base);
}

async function requireItem(db: FastifyInstance['db'], spec: ItemSpec, id: number): Promise<ItemFacts> {
  const item = await itemById(db, spec, id);
  if (!item) throw recordNotFound(spec.kind, `${spec.label} not found`);
  return item;
}

function registerSheetRead(fastify: FastifyInstance, spec: ItemSpec, base: string) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const tags = [`${spec.kind} answers`];

  app.get(
    base,
    {
      // the sheet's own statement checks the session (readWithSession)
      config: { session: 'in-statement' },
      schema: {
        tags,
        summary: 'The answer sheet of a student (array of 0 or 1; managers without student_id: every sheet)',
        querystring: withKey(spec.idCol, idSchema, { student_id: Type.Optional(idSchema), ...pagingProperties }),
        response: sheetListResponse,
      },
      // As the save below: the schema documents the reply, JSON.stringify writes the same bytes faster (sheetJson's keys
      // are in the schema's order; an answers map goes through the compiled serializer's slow additionalProperties path).
      serializerCompiler: () => JSON.stringify,
    },
    (request) =>
      app.readWithSession(request, undefined, async (caller: Caller) => {
        const q = request.query;
        const named = q.student_id ?? (isStudent(caller) ? caller.student_id : undefined);
        if (named !== undefined) {
          // the item's facts, the sheet and the session check in one prepared statement (the exam page reads it on every load)
          const { found, session } = await itemWithSheet(db, spec, q[spec.idCol], named, caller.user_id);
          await app.confirmSession(request, session);
          if (!found) throw recordNotFound(spec.kind, `${spec.label} not found`);
          const studentId = targetStudent(caller, q.student_id);
          requireWorkRead(caller, found.item, studentId, spec);
          return found.sheet ? [sheetJson(spec, found.sheet)] : [];
        }
        const item = await requireItem(db, spec, q[spec.idCol]);
        if (!managesClass(caller, item)) throw forbidden(`Forbidden: this ${spec.kind} is not yours`);
        // A bare array like every sheet read, bounded by its length (limits.ts SHEET_LIST_PAGE_SIZE); `page` for the rest.
        const paging = parsePaging(q, SHEET_LIST_PAGE_SIZE, SHEET_LIST_PAGE_SIZE);
        return (await sheetsOfItem(db, spec, item.id, { limit: paging.pageSize, offset: paging.offset })).map((s) =>
          sheetJson(spec, s),
        );
      }),
  );
}

function registerSheetOpen(fastify: FastifyInstance, spec: ItemSpec, base: string) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const tags = [`${spec.kind} answers`];

  app.post(
    base,
    {
      schema: {
        tags,
        summary: "Open the caller's sheet (idempotent: returns the existing one)",
        body: withKey(spec.idCol, idSchema, {
          answers: Type.Optional(Type.Unsafe<Record<string, string> | null>({ ...answersJson, nullable: true })),
          student_id: Type.Optional(Type.Unknown({ description: 'ignored: from the token' })),
        }),
        response: sheetResponse,
      },
    },
    async (request) => {
      const body = request.body;
      const studentId = requireStudentId(request.user, 'answer');
      const item = await requireItemAccess(db, spec, request.user, body[spec.idCol], 'contribute');
      const existing = await sheetOf(db, spec, item.id, studentId);
      if (existing) return sheetJson(spec, existing);
      refuseOutsideWindow(spec, item, spec.kind === 'exam' ? await extraMinutesFor(db, item.id, studentId) : 0);
      let answers: Record<string, string>;
      try {
        answers = validateAnswers(body.answers ?? {});
      } catch (e) {
        if (e instanceof ContentError) throw badRequest(e.message, e.extra);
        throw e;
      }
      requireWholeMap(answers, item.question_count);
      return sheetJson(spec, await openSheet(db, spec, item.id, studentId, answers));
    },
  );
}

/** The save: the hot path, one statement that checks the user, the session and the sheet. */
function registerSheetSave(fastify: FastifyInstance, spec: ItemSpec, base: string) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const tags = [`${spec.kind} answers`];

  const saver = answerSaverFor(db, spec);
  app.route({
    method: UPDATE_METHODS,
    url: base,
    // the user and session are checked in the save statement itself (one round trip)
    config: { session: 'in-statement' },
    schema: {
      tags,
      summary:
        'Save answers (owner, sheet open, exam inside its window): the whole map, or per-question changes merged by time',
      querystring: idQuerySchema,
      body: Type.Object({
        answers: Type.Optional(answersSchema),
        seq: Type.Optional(seqSchema),
        changes: Type.Optional(changesSchema),
      }),
      response: sheetResponse,
    },
    // The hot path: the schema documents the reply, JSON.stringify writes it (measured 2x faster than the compiled
    // serializer on a 40-answer map, which goes through its slow additionalProperties path).
    serializerCompiler: () => JSON.stringify,
    handler: async (request, reply) => {
      const { id } = request.query;
      const { answers, seq, changes } = request.body;
      if ((answers === undefined) === (changes === undefined))
        throw badRequest('Send either the answers or the changes to save', { code: 'answers-or-changes' });
      // What the request alone decides; the item's questions and a merged sheet's size are checked by the save itself.
      if (changes) requireChangeSizes(changes);
      else requireWholeMap(answers!);
      const { user, sessionVersion } = app.readToken(request);
      if (user.role === 'student' && user.student_id !== undefined) {
        // the device of the save is recorded (the proctor's monitor), and refused in one-device mode when another holds the sheet
        if (spec.kind === 'exam')
          await app.deviceGate.admit(id, user.student_id, deviceFrom(request.headers['x-kelasku-device']), false);
        const who = { sheetId: id, studentId: user.student_id, userId: user.user_id, sessionVersion };
        const saved = await saver.save(changes ? { ...who, changes } : { ...who, answers: answers!, seq });
        // Only an open sheet (no grade yet) can be saved, so score is null; nothing else to read back.
        if (saved !== undefined) {
          return {
            id,
            [spec.idCol]: saved.itemId,
            student_id: user.student_id,
            answers: saved.answers,
            status: 'Active',
            score: null,
            ...(seq !== undefined ? { answers_seq: seq } : {}),
          };
        }
      }
      // Nothing saved, or not a student: find out why, with the same checks (and answers) as every other route.
      await app.authenticate(request, reply);
      requireStudentId(request.user, 'answer');
      const sheet = await sheetById(db, spec, id);
      if (!sheet) throw recordNotFound('answer-sheet', 'Answer sheet not found');
      const item = await requireItem(db, spec, sheet.item_id);
      const refusal = sheetWriteRefusal(request.user, {
        sheet,
        assigned: await isAssigned(db, sheet.student_id, item.class_id),
        archived: await isArchivedClass(db, item.class_id),
        window: answerWindow(
          spec,
          item,
          new Date(),
          spec.kind === 'exam' ? await extraMinutesFor(db, item.id, sheet.student_id) : 0,
        ),
      });
      if (refusal) throw refusal;
      // Stale: a newer map of this client already won (this one was abandoned and landed late). Nothing to do; the
      // client already holds newer answers, so acknowledge with what is stored.
      if (seq !== undefined && sheet.answers_seq !== null && sheet.answers_seq >= seq) return sheetJson(spec, sheet);
      // A question the item does not have, or a sheet the save would take past its size (every change counted as applied).
      const after = changes ? mergeChanges(sheet.answers ?? {}, {}, changes, Date.now()).answers : answers!;
      const bounds = sheetRefusal(Object.keys(changes ?? answers!), item.question_count ?? 0, after);
      if (bounds) throw bounds;
      throw conflict('The answer sheet could not be saved, please retry', { code: 'sheet-save-retry' });
    },
  });
}

function registerSheetDelete(fastify: FastifyInstance, spec: ItemSpec, base: string) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const tags = [`${spec.kind} answers`];

  app.delete(
    base,
    {
      preHandler: app.requireRole('teacher', 'admin'),
      schema: {
        tags,
        summary: "Delete a sheet and its grade (the item's teacher or an admin)",
        querystring: idQuerySchema,
        response: messageResponse,
      },
    },
    async (request) => {
      const { id } = request.query;
      const sheet: Sheet | undefined = await sheetById(db, spec, id);
      if (!sheet) throw recordNotFound('answer-sheet', 'Answer sheet not found');
      await requireItemAccess(db, spec, request.user, sheet.item_id, 'write');
      await deleteSheet(db, spec, sheet);
      return { message: `${spec.label} answer deleted successfully` };
    },
  );
}
