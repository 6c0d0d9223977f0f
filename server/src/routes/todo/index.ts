/**
 * The student's to-do list (docs/api.md §2.12): GET /students/todo.
 * - exams of the student's classes that are open now or start within 7 days, not yet submitted by the student;
 * - exercises of the student's classes not yet submitted (newest first);
 * - materials added in the last 30 days (newest first): which of them are new since the student last opened their
 *   class is decided on the device, which remembers when it last showed each class.
 * Everything is scoped to the classes the student is assigned to now.
 */
import type { FastifyInstance } from 'fastify';
import { examStatus, formatWib } from '../../domain/exam-window';
import { requireStudentId } from '../../domain/policy';
import { isoFromDb, toDbTime } from '../../db/time';

const DAY_MS = 24 * 3600_000;
/** How far ahead an exam counts as "to do". */
const EXAM_AHEAD_MS = 7 * DAY_MS;
/** How far back a material can still be "new". */
const MATERIAL_BACK_MS = 30 * DAY_MS;
/** Longest list per kind: a to-do list, not an archive. */
const MAX_ITEMS = 20;

export default async function todoRoutes(app: FastifyInstance) {
  const db = app.db;

  app.get('/students/todo', {
    preHandler: app.requireRole('student'),
    schema: { tags: ['students'], summary: 'What the caller has to do now: open and coming exams, unsubmitted exercises, recent materials' },
  }, async (request) => {
    const studentId = requireStudentId(request.user, 'see a to-do list');
    const now = new Date();
    const mine = db.selectFrom('assigned_students_class').select('class_id').where('student_id', '=', studentId);
    const [exams, exercises, materials] = await Promise.all([
      db.selectFrom('exams as x').innerJoin('classes as c', 'c.id', 'x.class_id')
        .leftJoin('exam_answers as s', (j) => j.onRef('s.exam_id', '=', 'x.id').on('s.student_id', '=', studentId))
        .where('x.class_id', 'in', mine)
        .where('x.end_time', '>=', toDbTime(now))
        .where('x.start_time', '<=', toDbTime(new Date(now.getTime() + EXAM_AHEAD_MS)))
        .where((eb) => eb.or([eb('s.status', 'is', null), eb('s.status', '!=', 'Inactive')]))
        .select(['x.id', 'x.class_id', 'c.name as class_name', 'x.title', 'x.start_time', 'x.end_time'])
        .orderBy('x.start_time').orderBy('x.id').limit(MAX_ITEMS).execute(),
      db.selectFrom('exercises as e').innerJoin('materials as m', 'm.id', 'e.material_id').innerJoin('classes as c', 'c.id', 'm.class_id')
        .leftJoin('exercise_answers as s', (j) => j.onRef('s.exercise_id', '=', 'e.id').on('s.student_id', '=', studentId))
        .where('m.class_id', 'in', mine)
        .where((eb) => eb.or([eb('s.status', 'is', null), eb('s.status', '!=', 'Inactive')]))
        .select(['e.id', 'e.title', 'e.material_id', 'm.title as material_title', 'm.class_id', 'c.name as class_name', 's.id as sheet_id'])
        .orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(MAX_ITEMS).execute(),
      db.selectFrom('materials as m').innerJoin('classes as c', 'c.id', 'm.class_id')
        .where('m.class_id', 'in', mine)
        .where('m.created_at', '>=', toDbTime(new Date(now.getTime() - MATERIAL_BACK_MS)))
        .select(['m.id', 'm.title', 'm.class_id', 'c.name as class_name', 'm.created_at'])
        .orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(MAX_ITEMS).execute(),
    ]);
    return {
      exams: exams.map((x) => ({
        id: x.id, class_id: x.class_id, class_name: x.class_name, title: x.title,
        start_time: formatWib(x.start_time), end_time: formatWib(x.end_time), status: examStatus(x.start_time, x.end_time, now),
      })),
      exercises: exercises.map((e) => ({
        id: e.id, title: e.title, material_id: e.material_id, material_title: e.material_title,
        class_id: e.class_id, class_name: e.class_name, started: e.sheet_id !== null,
      })),
      materials: materials.map((m) => ({
        id: m.id, title: m.title, class_id: m.class_id, class_name: m.class_name, created_at: isoFromDb(m.created_at),
      })),
    };
  });
}
