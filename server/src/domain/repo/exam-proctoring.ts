/**
 * What a proctor decides during an exam (db migration 0026): extra minutes for one student, and whether the exam's sheets
 * may be open on one device at a time; and the window conditions, with those minutes, for the statements that check it.
 */
import { type RawBuilder, sql } from 'kysely';
import { dbKindOf, type Db } from '../../db/connect';
import { toDbTime } from '../../db/time';
import { windowSql, type WindowColumns } from '../exam-window';
import { WINDOW_RULE } from '@kelasku/shared-rules';

/** SQL: the extra minutes of the student `studentCol` on exam `examCol` (0 without a grant). */
export function extraMinutesSql(examCol: string, studentCol: string): string {
  return `COALESCE((SELECT t.minutes FROM exam_extra_time t WHERE t.exam_id = ${examCol} AND t.student_id = ${studentCol}), 0)`;
}

/** Kysely conditions of the window (exam-window.ts windowSql) at `now`, as a bound parameter. */
export function windowWhere(db: Db, cols: WindowColumns, now: Date) {
  const w = windowSql(dbKindOf(db), cols);
  const at = toDbTime(now);
  const notEnded = (): RawBuilder<boolean> => sql<boolean>`${sql.raw(w.end)} ${sql.raw(WINDOW_RULE.notEnded)} ${at}`;
  return {
    notEnded,
    ended: (): RawBuilder<boolean> => sql<boolean>`NOT (${notEnded()})`,
    /** Started by `instant` (a window starting up to then). */
    startedBy: (instant: Date): RawBuilder<boolean> =>
      sql<boolean>`${sql.raw(cols.start)} ${sql.raw(WINDOW_RULE.started)} ${toDbTime(instant)}`,
  };
}

/** Extra minutes per student of one exam (students without a grant are absent). */
export async function extraMinutesOf(db: Db, examId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('exam_extra_time')
    .select(['student_id', 'minutes'])
    .where('exam_id', '=', examId)
    .execute();
  return new Map(rows.map((r) => [Number(r.student_id), Number(r.minutes)]));
}

/** One student's extra minutes on one exam (0 without a grant). */
export async function extraMinutesFor(db: Db, examId: number, studentId: number): Promise<number> {
  const row = await db
    .selectFrom('exam_extra_time')
    .select('minutes')
    .where('exam_id', '=', examId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row ? Number(row.minutes) : 0;
}

/** Sets one student's extra minutes (0 removes the grant). */
export async function setExtraMinutes(db: Db, examId: number, studentId: number, minutes: number): Promise<void> {
  if (minutes === 0) {
    await db.deleteFrom('exam_extra_time').where('exam_id', '=', examId).where('student_id', '=', studentId).execute();
    return;
  }
  const now = toDbTime();
  await db
    .insertInto('exam_extra_time')
    .values({ exam_id: examId, student_id: studentId, minutes, updated_at: now })
    .onConflict((oc) => oc.columns(['exam_id', 'student_id']).doUpdateSet({ minutes, updated_at: now }))
    .execute();
}

export async function oneDeviceOf(db: Db, examId: number): Promise<boolean> {
  const row = await db
    .selectFrom('exam_proctoring')
    .select('one_device')
    .where('exam_id', '=', examId)
    .executeTakeFirst();
  return row ? row.one_device === true || Number(row.one_device) === 1 : false;
}

export async function setOneDevice(db: Db, examId: number, on: boolean): Promise<void> {
  const now = toDbTime();
  const stored = dbKindOf(db) === 'postgres' ? on : Number(on); // (PG boolean, SQLite 0/1)
  await db
    .insertInto('exam_proctoring')
    .values({ exam_id: examId, one_device: stored, updated_at: now })
    .onConflict((oc) => oc.column('exam_id').doUpdateSet({ one_device: stored, updated_at: now }))
    .execute();
}

/** The exam of a sheet (never changes: callers may keep it). */
export async function examOfSheet(db: Db, sheetId: number): Promise<{ examId: number; studentId: number } | undefined> {
  const row = await db
    .selectFrom('exam_answers')
    .select(['exam_id', 'student_id'])
    .where('id', '=', sheetId)
    .executeTakeFirst();
  return row ? { examId: Number(row.exam_id), studentId: Number(row.student_id) } : undefined;
}

/** One row per student of the exam's class: who they are, their sheet (if any) and their extra minutes. */
export async function monitorRows(db: Db, examId: number, classId: number) {
  const rows = await db
    .selectFrom('assigned_students_class as a')
    .innerJoin('students as st', 'st.id', 'a.student_id')
    .leftJoin('exam_answers as s', (j) => j.onRef('s.student_id', '=', 'a.student_id').on('s.exam_id', '=', examId))
    .leftJoin('exam_extra_time as t', (j) => j.onRef('t.student_id', '=', 'a.student_id').on('t.exam_id', '=', examId))
    .where('a.class_id', '=', classId)
    .select([
      'st.id as student_id',
      'st.name',
      'st.nis',
      's.id as sheet_id',
      's.answers',
      's.status',
      's.updated_at',
      's.submitted_at',
      't.minutes',
    ])
    .orderBy('st.name')
    .orderBy('st.id')
    .execute();
  return rows;
}
