/**
 * Dashboard numbers (docs/api.md §2.12): GET /stats/admin, /stats/teacher, /stats/student.
 * Definitions:
 * - admin: per class, `tasks_completed` = students with a grade for every exercise of the class (0/0 when the class
 *   has no exercise); `exam_done` = students whose exam sheet is submitted (0/0 when the class has no exam);
 * - teacher: average grade (exercises and exams together) per grade 10/11/12 over the teacher's classes (null when
 *   none); submitted sheets per month (WIB) for the last 6 months; exams not yet ended; students who saved an answer
 *   today (WIB) in the teacher's classes;
 * - student: materials done = materials whose exercise the student submitted; tasks = exercises; exams = exams of the
 *   assigned classes (completed = graded).
 */
import type { FastifyInstance } from 'fastify';
import { examStatus, formatWib } from '../../domain/exam-window';
import { listScope } from '../../domain/policy';
import { fromDbTime, toDbTime } from '../../db/time';
import { preparedRead } from '../../db/prepared';
import { STUDENT_STATS_SQL } from '../../domain/repo/hot-reads';
import { studentStatsResponse } from '../read-schemas';

const tags = ['stats'];
const WIB_MS = 7 * 3600_000;

/** `YYYY-MM` of an instant in WIB. */
function wibMonth(d: Date): string {
  return new Date(d.getTime() + WIB_MS).toISOString().slice(0, 7);
}

/** The last `n` months (oldest first) ending with the current WIB month. */
function lastMonths(now: Date, n: number): string[] {
  const wib = new Date(now.getTime() + WIB_MS);
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(wib.getUTCFullYear(), wib.getUTCMonth() - i, 1));
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}

/** Start of the current WIB month `n - 1` months ago, as an instant. */
function monthsAgoStart(now: Date, n: number): Date {
  const wib = new Date(now.getTime() + WIB_MS);
  return new Date(Date.UTC(wib.getUTCFullYear(), wib.getUTCMonth() - (n - 1), 1) - WIB_MS);
}

function startOfWibDay(now: Date): Date {
  const wib = new Date(now.getTime() + WIB_MS);
  return new Date(Date.UTC(wib.getUTCFullYear(), wib.getUTCMonth(), wib.getUTCDate()) - WIB_MS);
}

export default async function statsRoutes(app: FastifyInstance) {
  const db = app.db;

  app.get('/stats/admin', {
    preHandler: app.requireRole('admin'),
    schema: { tags, summary: 'Tasks and exam progress per class' },
  }, async () => {
    const [classes, rosters, exerciseCounts, perStudentScores, exams, examDone] = await Promise.all([
      db.selectFrom('classes').select(['id', 'name', 'grade']).orderBy('id').execute(),
      db.selectFrom('assigned_students_class').select(['class_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('class_id').execute(),
      db.selectFrom('exercises as e').innerJoin('materials as m', 'm.id', 'e.material_id')
        .select(['m.class_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('m.class_id').execute(),
      db.selectFrom('assigned_students_class as a')
        .innerJoin('materials as m', 'm.class_id', 'a.class_id')
        .innerJoin('exercises as e', 'e.material_id', 'm.id')
        .innerJoin('exercise_scores as sc', (j) => j.onRef('sc.exercise_id', '=', 'e.id').onRef('sc.student_id', '=', 'a.student_id'))
        .select(['a.class_id', 'a.student_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['a.class_id', 'a.student_id']).execute(),
      db.selectFrom('exams').select('class_id').execute(),
      db.selectFrom('exams as x')
        .innerJoin('assigned_students_class as a', 'a.class_id', 'x.class_id')
        .innerJoin('exam_answers as s', (j) => j.onRef('s.exam_id', '=', 'x.id').onRef('s.student_id', '=', 'a.student_id'))
        .where('s.status', '=', 'Inactive')
        .select(['x.class_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('x.class_id').execute(),
    ]);
    const roster = new Map(rosters.map((r) => [r.class_id, Number(r.n)]));
    const exCount = new Map(exerciseCounts.map((r) => [r.class_id, Number(r.n)]));
    const completed = new Map<number, number>();
    for (const r of perStudentScores) {
      if (Number(r.n) >= (exCount.get(r.class_id) ?? Infinity)) completed.set(r.class_id, (completed.get(r.class_id) ?? 0) + 1);
    }
    const hasExam = new Set(exams.map((x) => x.class_id));
    const done = new Map(examDone.map((r) => [r.class_id, Number(r.n)]));
    return {
      classes: classes.map((c) => {
        const students = roster.get(c.id) ?? 0;
        const withTasks = (exCount.get(c.id) ?? 0) > 0;
        const tasksCompleted = withTasks ? completed.get(c.id) ?? 0 : 0;
        const examDoneN = hasExam.has(c.id) ? done.get(c.id) ?? 0 : 0;
        return {
          class_id: c.id,
          name: c.name,
          grade: c.grade,
          students,
          tasks_completed: tasksCompleted,
          tasks_uncompleted: withTasks ? students - tasksCompleted : 0,
          exam_done: examDoneN,
          exam_not_done: hasExam.has(c.id) ? students - examDoneN : 0,
        };
      }),
    };
  });

  app.get('/stats/teacher', {
    preHandler: app.requireRole('teacher'),
    schema: { tags, summary: 'Performance per grade, monthly submissions, upcoming exams, students active today' },
  }, async (request) => {
    const teacherId = listScope(request.user).teacherId ?? -1; // the classes the teacher teaches now
    const now = new Date();
    const since = toDbTime(monthsAgoStart(now, 6));
    const today = toDbTime(startOfWibDay(now));
    const [exerciseScores, examScores, exerciseSubs, examSubs, upcoming, activeEx, activeExam] = await Promise.all([
      db.selectFrom('exercise_scores as sc').innerJoin('exercises as e', 'e.id', 'sc.exercise_id')
        .innerJoin('materials as m', 'm.id', 'e.material_id').innerJoin('classes as c', 'c.id', 'm.class_id')
        .where('c.teacher_id', '=', teacherId)
        .select(['c.grade', (eb) => eb.fn.sum<number>('sc.score').as('total'), (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('c.grade').execute(),
      db.selectFrom('exam_scores as sc').innerJoin('exams as x', 'x.id', 'sc.exam_id').innerJoin('classes as c', 'c.id', 'x.class_id')
        .where('c.teacher_id', '=', teacherId)
        .select(['c.grade', (eb) => eb.fn.sum<number>('sc.score').as('total'), (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('c.grade').execute(),
      db.selectFrom('exercise_answers as s').innerJoin('exercises as e', 'e.id', 's.exercise_id')
        .innerJoin('materials as m', 'm.id', 'e.material_id').innerJoin('classes as c', 'c.id', 'm.class_id')
        .where('c.teacher_id', '=', teacherId).where('s.submitted_at', '>=', since).select('s.submitted_at').execute(),
      db.selectFrom('exam_answers as s').innerJoin('exams as x', 'x.id', 's.exam_id').innerJoin('classes as c', 'c.id', 'x.class_id')
        .where('c.teacher_id', '=', teacherId).where('s.submitted_at', '>=', since).select('s.submitted_at').execute(),
      db.selectFrom('exams as x').innerJoin('classes as c', 'c.id', 'x.class_id')
        .where('c.teacher_id', '=', teacherId).where('x.end_time', '>=', toDbTime(now))
        .select(['x.id', 'x.class_id', 'c.name as class_name', 'x.title', 'x.start_time', 'x.end_time'])
        .orderBy('x.start_time').orderBy('x.id').limit(20).execute(),
      db.selectFrom('exercise_answers as s').innerJoin('exercises as e', 'e.id', 's.exercise_id')
        .innerJoin('materials as m', 'm.id', 'e.material_id').innerJoin('classes as c', 'c.id', 'm.class_id')
        .where('c.teacher_id', '=', teacherId).where('s.updated_at', '>=', today).select('s.student_id').distinct().execute(),
      db.selectFrom('exam_answers as s').innerJoin('exams as x', 'x.id', 's.exam_id').innerJoin('classes as c', 'c.id', 'x.class_id')
        .where('c.teacher_id', '=', teacherId).where('s.updated_at', '>=', today).select('s.student_id').distinct().execute(),
    ]);

    const sums = new Map<number, { total: number; n: number }>();
    for (const r of [...exerciseScores, ...examScores]) {
      const cur = sums.get(r.grade) ?? { total: 0, n: 0 };
      sums.set(r.grade, { total: cur.total + Number(r.total ?? 0), n: cur.n + Number(r.n) });
    }
    const performance = [10, 11, 12].map((grade) => {
      const s = sums.get(grade);
      return { grade, average: s && s.n > 0 ? Math.round((s.total / s.n) * 100) / 100 : null };
    });

    const months = lastMonths(now, 6);
    const counts = new Map(months.map((m) => [m, 0]));
    for (const r of [...exerciseSubs, ...examSubs]) {
      if (!r.submitted_at) continue;
      const m = wibMonth(fromDbTime(r.submitted_at));
      if (counts.has(m)) counts.set(m, counts.get(m)! + 1);
    }

    return {
      performance,
      submissions: months.map((month) => ({ month, count: counts.get(month)! })),
      upcoming_exams: upcoming.map((x) => ({
        id: x.id, class_id: x.class_id, class_name: x.class_name, title: x.title,
        start_time: formatWib(x.start_time), end_time: formatWib(x.end_time), status: examStatus(x.start_time, x.end_time, now),
      })),
      active_today: new Set([...activeEx, ...activeExam].map((r) => r.student_id)).size,
    };
  });

  app.get('/stats/student', {
    preHandler: app.requireRole('student'),
    schema: { tags, summary: 'Materials, tasks and exams done by the caller', response: studentStatsResponse },
  }, async (request) => {
    const studentId = request.user.student_id ?? -1;
    // One prepared statement for the six numbers (read on every student dashboard).
    const [row] = await preparedRead<Record<string, unknown>>(db, STUDENT_STATS_SQL)([studentId]);
    const count = (n: unknown) => Number(n ?? 0);
    const [materials, materialsDone, exercises, exercisesDone, exams, examsDone] =
      [row?.materials, row?.materials_done, row?.exercises, row?.exercises_done, row?.exams, row?.exams_done];
    return {
      materials: { done: count(materialsDone), total: count(materials) },
      tasks: { completed: count(exercisesDone), total: count(exercises) },
      exams: { completed: count(examsDone), total: count(exams) },
    };
  });
}
