/** The reads behind a student's to-do list (routes/todo), each scoped to the classes in use the student is assigned to now. */
import { DAY_MS } from '@kelasku/shared-rules/src/wib';
import type { Db } from '../../db/connect';
import { toDbTime } from '../../db/time';
import { extraMinutesSql, windowWhere } from './exam-proctoring';

/** How far ahead an exam counts as "to do". */
const EXAM_AHEAD_MS = 7 * DAY_MS;
/** How far back a material can still be "new". */
const MATERIAL_BACK_MS = 30 * DAY_MS;
/** Longest list per kind: a to-do list, not an archive. */
const MAX_ITEMS = 20;

/**
 * Exams open at `now` or starting within 7 days and exercises, both not yet submitted by the student, and the
 * materials of the last 30 days; at most 20 of each.
 */
export async function todoOfStudent(db: Db, studentId: number, now: Date) {
  // archived classes are read-only and off the student's lists: nothing there is left to do
  const mine = db
    .selectFrom('assigned_students_class as a')
    .innerJoin('classes as ac', 'ac.id', 'a.class_id')
    .select('a.class_id')
    .where('a.student_id', '=', studentId)
    .where('ac.archived_at', 'is', null);
  // the student's own end: the proctor's extra minutes count
  const window = windowWhere(
    db,
    { start: 'x.start_time', end: 'x.end_time', extraMinutes: extraMinutesSql('x.id', String(Number(studentId))) },
    now,
  );
  const [exams, exercises, materials] = await Promise.all([
    db
      .selectFrom('exams as x')
      .innerJoin('classes as c', 'c.id', 'x.class_id')
      .leftJoin('exam_answers as s', (j) => j.onRef('s.exam_id', '=', 'x.id').on('s.student_id', '=', studentId))
      .where('x.class_id', 'in', mine)
      .where(window.notEnded())
      .where(window.startedBy(new Date(now.getTime() + EXAM_AHEAD_MS)))
      .where((eb) => eb.or([eb('s.status', 'is', null), eb('s.status', '!=', 'Inactive')]))
      .select(['x.id', 'x.class_id', 'c.name as class_name', 'x.title', 'x.start_time', 'x.end_time'])
      .orderBy('x.start_time')
      .orderBy('x.id')
      .limit(MAX_ITEMS)
      .execute(),
    db
      .selectFrom('exercises as e')
      .innerJoin('materials as m', 'm.id', 'e.material_id')
      .innerJoin('classes as c', 'c.id', 'm.class_id')
      .leftJoin('exercise_answers as s', (j) =>
        j.onRef('s.exercise_id', '=', 'e.id').on('s.student_id', '=', studentId),
      )
      .where('m.class_id', 'in', mine)
      .where((eb) => eb.or([eb('s.status', 'is', null), eb('s.status', '!=', 'Inactive')]))
      .select([
        'e.id',
        'e.title',
        'e.material_id',
        'm.title as material_title',
        'm.class_id',
        'c.name as class_name',
        's.id as sheet_id',
      ])
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(MAX_ITEMS)
      .execute(),
    db
      .selectFrom('materials as m')
      .innerJoin('classes as c', 'c.id', 'm.class_id')
      .where('m.class_id', 'in', mine)
      .where('m.created_at', '>=', toDbTime(new Date(now.getTime() - MATERIAL_BACK_MS)))
      .select(['m.id', 'm.title', 'm.class_id', 'c.name as class_name', 'm.created_at'])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(MAX_ITEMS)
      .execute(),
  ]);
  return { exams, exercises, materials };
}
