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
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  lastWibMonths,
  type Role,
  STUDENT_GRADES,
  wibDayStart,
  wibMonthOf,
  wibMonthStart,
} from '@kelasku/shared-rules';
import { adminStatsSchema, teacherStatsSchema } from '@kelasku/shared-rules/src/wire/stats';
import { examStatus, formatWib } from '../../domain/exam-window';
import { listScope } from '../../domain/policy';
import { classProgressCounts, studentProgressCounts, teacherActivity } from '../../domain/repo/stats';
import { fromDbTime, toDbTime } from '../../db/time';
import { studentStatsResponse } from '../read-schemas';

const tags = ['stats'];

/** The submissions chart's months (WIB): the current one and the five before it. */
const CHART_MONTHS = 6;

/** The dashboards' figures: shared-rules/src/wire/stats.ts. */
const adminStatsResponse = { 200: adminStatsSchema };
const teacherStatsResponse = { 200: teacherStatsSchema };

/** Each class's progress: students who completed every task, and who handed in the exam. */
function classProgress(counts: Awaited<ReturnType<typeof classProgressCounts>>) {
  const completed = new Map<number, number>();
  for (const r of counts.gradedPerStudent) {
    if (r.graded >= (counts.exercises.get(r.class_id) ?? Infinity))
      completed.set(r.class_id, (completed.get(r.class_id) ?? 0) + 1);
  }
  return counts.classes.map((c) => {
    const students = counts.students.get(c.id) ?? 0;
    const withTasks = (counts.exercises.get(c.id) ?? 0) > 0;
    const withExam = counts.withExam.has(c.id);
    const tasksCompleted = withTasks ? (completed.get(c.id) ?? 0) : 0;
    const examDone = withExam ? (counts.examsSubmitted.get(c.id) ?? 0) : 0;
    return {
      class_id: c.id,
      name: c.name,
      grade: c.grade,
      students,
      tasks_completed: tasksCompleted,
      tasks_uncompleted: withTasks ? students - tasksCompleted : 0,
      exam_done: examDone,
      exam_not_done: withExam ? students - examDone : 0,
    };
  });
}

type Activity = Awaited<ReturnType<typeof teacherActivity>>;

/** The average score per grade (two decimals), null for a grade with no graded work. */
function averageByGrade(scoreSums: Activity['scoreSums']) {
  const sums = new Map<number, { total: number; n: number }>();
  for (const r of scoreSums) {
    const cur = sums.get(r.grade) ?? { total: 0, n: 0 };
    sums.set(r.grade, { total: cur.total + r.total, n: cur.n + r.n });
  }
  return STUDENT_GRADES.map((grade) => {
    const s = sums.get(grade);
    return { grade, average: s && s.n > 0 ? Math.round((s.total / s.n) * 100) / 100 : null };
  });
}

/** How many submissions fell in each of the chart's months (WIB). */
function submissionsByMonth(months: string[], submittedAt: Activity['submittedAt']) {
  const counts = new Map(months.map((m) => [m, 0]));
  for (const at of submittedAt) {
    const m = wibMonthOf(fromDbTime(at).getTime());
    if (counts.has(m)) counts.set(m, counts.get(m)! + 1);
  }
  return months.map((month) => ({ month, count: counts.get(month)! }));
}

export default async function statsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.get(
    '/stats/admin',
    {
      preHandler: app.requireRole('admin'),
      schema: { tags, summary: 'Tasks and exam progress per class', response: adminStatsResponse },
    },
    async () => ({ classes: classProgress(await classProgressCounts(db)) }),
  );

  app.get(
    '/stats/teacher',
    {
      preHandler: app.requireRole('teacher'),
      schema: {
        tags,
        summary: 'Performance per grade, monthly submissions, upcoming exams, students active today',
        response: teacherStatsResponse,
      },
    },
    async (request) => {
      const teacherId = listScope(request.user).teacherId ?? -1; // the classes the teacher teaches now
      const now = new Date();
      const months = lastWibMonths(now.getTime(), CHART_MONTHS);
      const activity = await teacherActivity(db, teacherId, {
        since: toDbTime(new Date(wibMonthStart(months[0]))),
        today: toDbTime(new Date(wibDayStart(now.getTime()))),
        now: toDbTime(now),
      });

      return {
        performance: averageByGrade(activity.scoreSums),
        submissions: submissionsByMonth(months, activity.submittedAt),
        upcoming_exams: activity.upcomingExams.map((x) => ({
          id: x.id,
          class_id: x.class_id,
          class_name: x.class_name,
          title: x.title,
          start_time: formatWib(x.start_time),
          end_time: formatWib(x.end_time),
          status: examStatus(x.start_time, x.end_time, now),
        })),
        active_today: activity.activeStudents,
      };
    },
  );

  const studentOnly: Role[] = ['student'];
  app.get(
    '/stats/student',
    {
      // the counts' own statement checks the session (readWithSession)
      config: { session: 'in-statement' },
      schema: { tags, summary: 'Materials, tasks and exams done by the caller', response: studentStatsResponse },
    },
    (request) =>
      app.readWithSession(request, studentOnly, async (user) => {
        const n = await studentProgressCounts(db, user.student_id ?? -1, user.user_id);
        await app.confirmSession(request, n.session);
        return {
          materials: { done: n.materialsDone, total: n.materials },
          tasks: { completed: n.exercisesDone, total: n.exercises },
          exams: { completed: n.examsDone, total: n.exams },
        };
      }),
  );
}
