/**
 * A class's term of exams: at most one current exam per class (closed_at null; a unique index over those backs it),
 * the closed ones kept with their sheets and grades. Closing frees the class for the next exam; reopening makes a
 * closed exam current again while the class has none.
 */
import type { Db } from '../../db/connect';
import { toDbTime } from '../../db/time';
import { clash } from '../errors';

/** An exam of a class's term without its content. */
export interface ExamOfTerm {
  id: number;
  class_id: number;
  title: string;
  kind: string;
  kind_label: string | null;
  start_time: Date | string;
  end_time: Date | string;
  closed_at: Date | string | null;
}

/** Every exam of a class: the current one first, then the closed ones, newest first. */
export async function examsOfClass(db: Db, classId: number): Promise<ExamOfTerm[]> {
  const rows = await db
    .selectFrom('exams')
    .select(['id', 'class_id', 'title', 'kind', 'kind_label', 'start_time', 'end_time', 'closed_at'])
    .where('class_id', '=', classId)
    .execute();
  const time = (v: Date | string | null) => (v == null ? Number.POSITIVE_INFINITY : new Date(v).getTime());
  return rows.sort(
    (a, b) =>
      time(b.closed_at) - time(a.closed_at) ||
      new Date(b.start_time).getTime() - new Date(a.start_time).getTime() ||
      b.id - a.id,
  );
}

/** Closes a current exam; false when it was closed already (by another request meanwhile). */
export async function closeExam(db: Db, id: number, now = new Date()): Promise<boolean> {
  const done = await db
    .updateTable('exams')
    .set({ closed_at: toDbTime(now) })
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Makes a closed exam its class's current one; a clash when the class has a current exam (also one created meanwhile). */
export async function reopenExam(db: Db, id: number): Promise<void> {
  try {
    await db.updateTable('exams').set({ closed_at: null }).where('id', '=', id).execute();
  } catch (e) {
    if (isUniqueViolation(e)) throw currentExamClash();
    throw e;
  }
}

export const currentExamClash = () =>
  clash('The class has a current exam: close it before reopening another', { code: 'class-has-current-exam' });
