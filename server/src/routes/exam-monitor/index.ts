/**
 * The proctor's live exam monitor and its actions, and the heartbeat of a student's exam page.
 *   GET  /exams/monitor ?id                       one row per student of the class (ETag; 304 when unchanged)
 *   POST /exams/monitor/extra-time ?id            {student_id, minutes}: that student's own end (0 removes it)
 *   POST /exams/monitor/one-device ?id            {on}: one device at a time for this exam
 *   POST /exams/monitor/release-device ?id        {student_id}: another device may take that student's sheet
 *   POST /exams/monitor/end-attempt ?id           {student_id}: submit and grade that student's sheet now
 *   POST /exams-answers/heartbeat ?id (sheet)     the student's page, on opening and after a while without a save: its own end
 * The read carries instants (ends, last activity) and never a countdown, so it only changes when something happened.
 * Presence and heartbeats live in memory or Redis (lib/exam-presence.ts), never in the database.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MAX_EXTRA_MINUTES, monitorStatus, personalEndMs } from '@kelasku/shared-rules';
import { deviceFrom } from '../../domain/device-gate';
import { formatWib, toMillis } from '../../domain/exam-window';
import { type Caller, requireItem, requireStudentId } from '../../domain/policy';
import { EXAM, type ItemFacts, itemById, sheetOf, submitAndGrade } from '../../domain/repo/assessments';
import { isAssigned } from '../../domain/repo/common';
import {
  extraMinutesFor,
  monitorRows,
  oneDeviceOf,
  setExtraMinutes,
  setOneDevice,
} from '../../domain/repo/exam-proctoring';
import { type EssayScorerSettings, scorerFrom } from '../../domain/scorers';
import type { SheetPresence } from '../../lib/exam-presence';
import { readAnswersColumn } from '../../db/json';
import type { RouteGuard } from '../../plugins/auth';
import { forbidden, recordNotFound } from '../../plugins/errors';
import { idQuerySchema, idSchema, nullable } from '../helpers';

const tags = ['exam monitor'];

const studentRow = Type.Object({
  student_id: Type.Integer(),
  name: Type.String(),
  nis: Type.String(),
  status: Type.Union([
    Type.Literal('not-started'),
    Type.Literal('answering'),
    Type.Literal('offline'),
    Type.Literal('submitted'),
  ]),
  answered: Type.Integer(),
  total: Type.Integer(),
  last_activity: nullable(Type.String({ description: 'WIB, the last save or heartbeat' })),
  devices: Type.Integer({ description: 'devices with the sheet open (active within the offline time)' }),
  extra_minutes: Type.Integer(),
  end_time: Type.String({ description: "WIB, the student's own end (extra minutes included)" }),
});

const monitorResponse = Type.Object({
  exam_id: Type.Integer(),
  title: Type.String(),
  start_time: Type.String(),
  end_time: Type.String(),
  one_device: Type.Boolean(),
  offline_after_seconds: Type.Integer(),
  students: Type.Array(studentRow),
});

const studentBody = Type.Object({ student_id: idSchema }, { additionalProperties: false });
const okResponse = { 200: Type.Object({ message: Type.String() }) };

/** How many questions have a non-empty answer. */
function answeredCount(answers: unknown): number {
  return Object.values(readAnswersColumn(answers) ?? {}).filter((a) => a !== '').length;
}

export interface ExamMonitorOptions extends Record<string, unknown> {
  essayScorer?: EssayScorerSettings;
}

/** What the proctor's routes share: their guard, the exam they manage, and the check that a student is in its class. */
interface Proctor {
  manage: RouteGuard;
  requireExam: (request: { user: Caller }, id: number) => Promise<ItemFacts>;
  requireStudentOf: (exam: ItemFacts, studentId: number) => Promise<void>;
}

export default async function examMonitorRoutes(fastify: FastifyInstance, options: ExamMonitorOptions) {
  const db = fastify.db;
  const proctor: Proctor = {
    manage: fastify.requireRole('teacher', 'admin'),
    requireExam: (request, id) => requireItem(db, EXAM, request.user, id, 'manage'),
    async requireStudentOf(exam, studentId) {
      if (!(await isAssigned(db, studentId, exam.class_id)))
        throw recordNotFound('student', 'Student not found in this class');
    },
  };
  registerMonitorRead(fastify, proctor);
  registerProctorActions(fastify, proctor, scorerFrom(options.essayScorer));
  registerHeartbeat(fastify);
}

type MonitorRow = Awaited<ReturnType<typeof monitorRows>>[number];

/** What every row of one monitor read is judged by: now, the offline time, the exam's end and question count. */
interface MonitorClock {
  nowMs: number;
  offlineAfterMs: number;
  endMs: number;
  total: number;
}

/** One student's row of the monitor: status from the last save or heartbeat, devices seen lately, own end. */
function monitorStudent(r: MonitorRow, presence: Map<number, SheetPresence>, clock: MonitorClock) {
  const { nowMs, offlineAfterMs, endMs, total } = clock;
  const sheetId = r.sheet_id === null ? null : Number(r.sheet_id);
  const seen = sheetId === null ? undefined : presence.get(sheetId);
  const times = [
    r.updated_at && sheetId !== null ? toMillis(r.updated_at) : null,
    seen?.beatAt ?? null,
    ...Object.values(seen?.devices ?? {}),
  ].filter((t): t is number => t !== null);
  const last = times.length ? Math.max(...times) : null;
  const extra = r.minutes === null ? 0 : Number(r.minutes);
  const sheet =
    sheetId === null ? null : { status: r.status === 'Inactive' ? ('Inactive' as const) : ('Active' as const) };
  return {
    student_id: Number(r.student_id),
    name: r.name,
    nis: r.nis,
    status: monitorStatus(sheet, last, nowMs, offlineAfterMs),
    answered: answeredCount(r.answers),
    total,
    last_activity: last === null ? null : formatWib(last),
    devices: Object.values(seen?.devices ?? {}).filter((t) => t >= nowMs - offlineAfterMs).length,
    extra_minutes: extra,
    end_time: formatWib(personalEndMs(endMs, extra)),
  };
}

function registerMonitorRead(fastify: FastifyInstance, { manage, requireExam }: Proctor) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const gate = app.deviceGate;
  app.get(
    '/exams/monitor',
    {
      preHandler: manage,
      schema: {
        tags,
        summary:
          "The proctor's live view of an exam: one row per student of the class (send If-None-Match: 304 when unchanged)",
        querystring: idQuerySchema,
        response: {
          200: monitorResponse,
          304: Type.String({ maxLength: 0, description: 'unchanged since the ETag sent: no body' }),
        },
      },
    },
    async (request, reply) => {
      const exam = await requireExam(request, request.query.id);
      const [rows, oneDevice] = await Promise.all([monitorRows(db, exam.id, exam.class_id), oneDeviceOf(db, exam.id)]);
      const sheetIds = rows.filter((r) => r.sheet_id !== null).map((r) => Number(r.sheet_id));
      const presence = await gate.presence.read(sheetIds);
      const nowMs = Date.now();
      const { offlineAfterMs } = gate.settings;
      const endMs = toMillis(exam.end_time!);
      const total = exam.question_count ?? 0;
      const students = rows.map((r) => monitorStudent(r, presence, { nowMs, offlineAfterMs, endMs, total }));
      const body = {
        exam_id: exam.id,
        title: exam.title,
        start_time: formatWib(exam.start_time!),
        end_time: formatWib(exam.end_time!),
        one_device: oneDevice,
        offline_after_seconds: Math.round(offlineAfterMs / 1000),
        students,
      };
      const etag = `"${crypto.createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      // A 304 has no body (nor a length for one): clients that check the length refuse "null" sent as 4 bytes.
      if (request.headers['if-none-match'] === etag) return reply.code(304).removeHeader('content-type').send('');
      return body;
    },
  );
}

/** The proctor's actions on one student (extra time, device release, ending the attempt) or the exam (one device). */
function registerProctorActions(
  fastify: FastifyInstance,
  { manage, requireExam, requireStudentOf }: Proctor,
  scorer: ReturnType<typeof scorerFrom>,
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const gate = app.deviceGate;
  app.post(
    '/exams/monitor/extra-time',
    {
      preHandler: manage,
      schema: {
        tags,
        summary:
          "Extra minutes for one student: every window check of that student's answers adds them (0 removes them)",
        querystring: idQuerySchema,
        body: Type.Object(
          { student_id: idSchema, minutes: Type.Integer({ minimum: 0, maximum: MAX_EXTRA_MINUTES }) },
          { additionalProperties: false },
        ),
        response: okResponse,
      },
    },
    async (request) => {
      const exam = await requireExam(request, request.query.id);
      await requireStudentOf(exam, request.body.student_id);
      await setExtraMinutes(db, exam.id, request.body.student_id, request.body.minutes);
      return { message: 'Extra time saved' };
    },
  );

  app.post(
    '/exams/monitor/one-device',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'One device at a time for this exam: a second device is refused while the first is active',
        querystring: idQuerySchema,
        body: Type.Object({ on: Type.Boolean() }, { additionalProperties: false }),
        response: okResponse,
      },
    },
    async (request) => {
      const exam = await requireExam(request, request.query.id);
      await setOneDevice(db, exam.id, request.body.on);
      gate.modeChanged(exam.id, request.body.on);
      return { message: request.body.on ? 'One device at a time' : 'Any device' };
    },
  );

  app.post(
    '/exams/monitor/release-device',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Release the device holding one student's sheet: another device may take it",
        querystring: idQuerySchema,
        body: studentBody,
        response: okResponse,
      },
    },
    async (request) => {
      const exam = await requireExam(request, request.query.id);
      await requireStudentOf(exam, request.body.student_id);
      // the one sheet, not the whole class's monitor rows
      const sheet = await sheetOf(db, EXAM, exam.id, request.body.student_id);
      if (sheet) await gate.presence.release(sheet.id, Date.now());
      return { message: 'Device released' };
    },
  );

  app.post(
    '/exams/monitor/end-attempt',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "End one student's attempt now: the sheet is locked and graded (idempotent)",
        querystring: idQuerySchema,
        body: studentBody,
        response: okResponse,
      },
    },
    async (request) => {
      const exam = await requireExam(request, request.query.id);
      await requireStudentOf(exam, request.body.student_id);
      await submitAndGrade(db, EXAM, exam, request.body.student_id, scorer);
      return { message: 'Attempt ended' };
    },
  );
}

/** The heartbeat of a student's exam page. */
function registerHeartbeat(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const gate = app.deviceGate;
  app.post(
    '/exams-answers/heartbeat',
    {
      preHandler: app.requireRole('student'),
      schema: {
        tags,
        summary:
          "The student's exam page is open on this device (sent after some time without a save); 409 when another device holds the sheet",
        querystring: idQuerySchema,
        response: {
          200: Type.Object({
            end_time: Type.String({ description: "WIB: the student's own end (extra minutes included)" }),
            extra_minutes: Type.Integer(),
          }),
        },
      },
    },
    async (request) => {
      const studentId = requireStudentId(request.user, 'answer');
      const sheet = await gate.sheet(request.query.id);
      if (!sheet) throw recordNotFound('answer-sheet', 'Answer sheet not found');
      if (sheet.studentId !== studentId) throw forbidden('Forbidden: this answer sheet is not yours');
      await gate.admit(request.query.id, studentId, deviceFrom(request.headers['x-kelasku-device']), true);
      // The reply tells the page its own end, so time the proctor added shows (and is used) without a reload.
      const [exam, extra] = await Promise.all([
        itemById(db, EXAM, sheet.examId),
        extraMinutesFor(db, sheet.examId, studentId),
      ]);
      if (!exam) throw recordNotFound('exam', 'Exam not found');
      return { end_time: formatWib(personalEndMs(toMillis(exam.end_time!), extra)), extra_minutes: extra };
    },
  );
}
