/** The counts behind the dashboards (routes/stats): grouped reads only, the numbers are put together by the route. */
import { windowWhere } from './exam-proctoring';
import type { Db } from '../../db/connect';
import { preparedRead } from '../../db/prepared';
import { type SessionColumns, STUDENT_STATS_SQL, withSessionColumns } from './hot-reads';
import { activeStudent } from './members';

const asNumber = (n: unknown) => Number(n ?? 0);

/** Per class: its members (members.ts), exercises, each member's graded exercises, whether it has an exam, members' submitted exam sheets. */
export async function classProgressCounts(db: Db) {
  const [classes, rosters, exerciseCounts, gradedPerStudent, exams, examsSubmitted] = await Promise.all([
    db.selectFrom('classes').select(['id', 'name', 'grade']).orderBy('id').execute(),
    db
      .selectFrom('assigned_students_class as a')
      .where(activeStudent('a.student_id'))
      .select(['a.class_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('a.class_id')
      .execute(),
    db
      .selectFrom('exercises as e')
      .innerJoin('materials as m', 'm.id', 'e.material_id')
      .select(['m.class_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('m.class_id')
      .execute(),
    db
      .selectFrom('assigned_students_class as a')
      .innerJoin('materials as m', 'm.class_id', 'a.class_id')
      .innerJoin('exercises as e', 'e.material_id', 'm.id')
      .innerJoin('exercise_scores as sc', (j) =>
        j.onRef('sc.exercise_id', '=', 'e.id').onRef('sc.student_id', '=', 'a.student_id'),
      )
      .where(activeStudent('a.student_id'))
      .select(['a.class_id', 'a.student_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['a.class_id', 'a.student_id'])
      .execute(),
    db.selectFrom('exams').select('class_id').execute(),
    db
      .selectFrom('exams as x')
      .innerJoin('assigned_students_class as a', 'a.class_id', 'x.class_id')
      .innerJoin('exam_answers as s', (j) =>
        j.onRef('s.exam_id', '=', 'x.id').onRef('s.student_id', '=', 'a.student_id'),
      )
      .where('s.status', '=', 'Inactive')
      .where(activeStudent('a.student_id'))
      .select(['x.class_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('x.class_id')
      .execute(),
  ]);
  const byClass = (rows: Array<{ class_id: number; n: unknown }>) =>
    new Map(rows.map((r) => [r.class_id, asNumber(r.n)]));
  return {
    classes,
    students: byClass(rosters),
    exercises: byClass(exerciseCounts),
    gradedPerStudent: gradedPerStudent.map((r) => ({ class_id: r.class_id, graded: asNumber(r.n) })),
    withExam: new Set(exams.map((x) => x.class_id)),
    examsSubmitted: byClass(examsSubmitted),
  };
}

/**
 * A teacher's classes (the classes in use they teach now; archived ones are off their dashboard): score sums per grade, sheets submitted since `since`, exams not
 * ended at `now` (first 20), and the students who saved an answer since `today`. Instants as toDbTime strings.
 */
export async function teacherActivity(db: Db, teacherId: number, at: { since: string; today: string; now: string }) {
  const [exerciseScores, examScores, exerciseSubs, examSubs, upcoming, activeEx, activeExam] = await Promise.all([
    db
      .selectFrom('exercise_scores as sc')
      .innerJoin('exercises as e', 'e.id', 'sc.exercise_id')
      .innerJoin('materials as m', 'm.id', 'e.material_id')
      .innerJoin('classes as c', 'c.id', 'm.class_id')
      .where('c.teacher_id', '=', teacherId)
      .where('c.archived_at', 'is', null)
      .select(['c.grade', (eb) => eb.fn.sum<number>('sc.score').as('total'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('c.grade')
      .execute(),
    db
      .selectFrom('exam_scores as sc')
      .innerJoin('exams as x', 'x.id', 'sc.exam_id')
      .innerJoin('classes as c', 'c.id', 'x.class_id')
      .where('c.teacher_id', '=', teacherId)
      .where('c.archived_at', 'is', null)
      .select(['c.grade', (eb) => eb.fn.sum<number>('sc.score').as('total'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('c.grade')
      .execute(),
    db
      .selectFrom('exercise_answers as s')
      .innerJoin('exercises as e', 'e.id', 's.exercise_id')
      .innerJoin('materials as m', 'm.id', 'e.material_id')
      .innerJoin('classes as c', 'c.id', 'm.class_id')
      .where('c.teacher_id', '=', teacherId)
      .where('c.archived_at', 'is', null)
      .where('s.submitted_at', '>=', at.since)
      .select('s.submitted_at')
      .execute(),
    db
      .selectFrom('exam_answers as s')
      .innerJoin('exams as x', 'x.id', 's.exam_id')
      .innerJoin('classes as c', 'c.id', 'x.class_id')
      .where('c.teacher_id', '=', teacherId)
      .where('c.archived_at', 'is', null)
      .where('s.submitted_at', '>=', at.since)
      .select('s.submitted_at')
      .execute(),
    db
      .selectFrom('exams as x')
      .innerJoin('classes as c', 'c.id', 'x.class_id')
      .where('c.teacher_id', '=', teacherId)
      .where('c.archived_at', 'is', null)
      .where(windowWhere(db, { start: 'x.start_time', end: 'x.end_time' }, new Date(at.now)).notEnded())
      .select(['x.id', 'x.class_id', 'c.name as class_name', 'x.title', 'x.start_time', 'x.end_time'])
      .orderBy('x.start_time')
      .orderBy('x.id')
      .limit(20)
      .execute(),
    db
      .selectFrom('exercise_answers as s')
      .innerJoin('exercises as e', 'e.id', 's.exercise_id')
      .innerJoin('materials as m', 'm.id', 'e.material_id')
      .innerJoin('classes as c', 'c.id', 'm.class_id')
      .where('c.teacher_id', '=', teacherId)
      .where('c.archived_at', 'is', null)
      .where('s.updated_at', '>=', at.today)
      .select('s.student_id')
      .distinct()
      .execute(),
    db
      .selectFrom('exam_answers as s')
      .innerJoin('exams as x', 'x.id', 's.exam_id')
      .innerJoin('classes as c', 'c.id', 'x.class_id')
      .where('c.teacher_id', '=', teacherId)
      .where('c.archived_at', 'is', null)
      .where('s.updated_at', '>=', at.today)
      .select('s.student_id')
      .distinct()
      .execute(),
  ]);
  return {
    scoreSums: [...exerciseScores, ...examScores].map((r) => ({
      grade: r.grade,
      total: asNumber(r.total),
      n: asNumber(r.n),
    })),
    submittedAt: [...exerciseSubs, ...examSubs].flatMap((r) => (r.submitted_at ? [r.submitted_at] : [])),
    upcomingExams: upcoming,
    activeStudents: new Set([...activeEx, ...activeExam].map((r) => r.student_id)).size,
  };
}

/** The student dashboard's six numbers, in one prepared statement (read on every student dashboard). */
const STUDENT_STATS_WITH_SESSION_SQL = withSessionColumns(STUDENT_STATS_SQL, 2);

/** `session`: the session check of user `sessionUserId` done by the same statement. */
export async function studentProgressCounts(db: Db, studentId: number, sessionUserId: number) {
  const [row] = await preparedRead(db, STUDENT_STATS_WITH_SESSION_SQL)([studentId, sessionUserId]);
  return {
    session: row as SessionColumns | undefined,
    materials: asNumber(row?.materials),
    materialsDone: asNumber(row?.materials_done),
    exercises: asNumber(row?.exercises),
    exercisesDone: asNumber(row?.exercises_done),
    exams: asNumber(row?.exams),
    examsDone: asNumber(row?.exams_done),
  };
}
