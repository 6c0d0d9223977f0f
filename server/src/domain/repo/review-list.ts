/**
 * The database side of a class's to-review list (GET /classes/to-review): every submitted, graded sheet of the
 * class's exercises and exam, of the class's members now (members.ts: the students the grades screen counts).
 * Which of them need review, and the order, is domain/review.ts.
 */
import type { Db } from '../../db/connect';
import { fromDbTime } from '../../db/time';
import { reviewList, type ReviewListItem, type ReviewSheetRow } from '../review';
import { activeStudent } from './members';

/** A sheet submitted before `submitted_at` was recorded falls back to its last change. */
const submittedAt = (r: { submitted_at: Date | string | null; updated_at: Date | string }) =>
  fromDbTime(r.submitted_at ?? r.updated_at);

export async function classReviewList(db: Db, classId: number): Promise<ReviewListItem[]> {
  const [exercises, exams] = await Promise.all([
    db
      .selectFrom('exercises as i')
      .innerJoin('materials as m', 'm.id', 'i.material_id')
      .innerJoin('exercise_answers as s', 's.exercise_id', 'i.id')
      .innerJoin('exercise_scores as g', (j) =>
        j.onRef('g.exercise_id', '=', 'i.id').onRef('g.student_id', '=', 's.student_id'),
      )
      .innerJoin('assigned_students_class as a', (j) =>
        j.onRef('a.student_id', '=', 's.student_id').onRef('a.class_id', '=', 'm.class_id'),
      )
      .select([
        'i.id',
        'i.title',
        'm.id as material_id',
        'm.title as material_title',
        's.submitted_at',
        's.updated_at',
        's.answers',
        'g.detail',
      ])
      .where('m.class_id', '=', classId)
      .where('s.status', '=', 'Inactive')
      .where(activeStudent('a.student_id'))
      .execute(),
    db
      .selectFrom('exams as i')
      .innerJoin('exam_answers as s', 's.exam_id', 'i.id')
      .innerJoin('exam_scores as g', (j) =>
        j.onRef('g.exam_id', '=', 'i.id').onRef('g.student_id', '=', 's.student_id'),
      )
      .innerJoin('assigned_students_class as a', (j) =>
        j.onRef('a.student_id', '=', 's.student_id').onRef('a.class_id', '=', 'i.class_id'),
      )
      .select(['i.id', 'i.title', 's.submitted_at', 's.updated_at', 's.answers', 'g.detail'])
      .where('i.class_id', '=', classId)
      .where('s.status', '=', 'Inactive')
      .where(activeStudent('a.student_id'))
      .execute(),
  ]);
  const rows: ReviewSheetRow[] = [
    ...exercises.map((r) => ({
      kind: 'exercise' as const,
      id: Number(r.id),
      title: r.title,
      material_id: Number(r.material_id),
      material_title: r.material_title,
      submitted_at: submittedAt(r),
      detail: r.detail,
      answers: r.answers,
    })),
    ...exams.map((r) => ({
      kind: 'exam' as const,
      id: Number(r.id),
      title: r.title,
      material_id: null,
      material_title: null,
      submitted_at: submittedAt(r),
      detail: r.detail,
      answers: r.answers,
    })),
  ];
  return reviewList(rows);
}
