/**
 * The facts item analysis (domain/item-analysis.ts) needs: every member of the item's class now (members.ts, as the
 * grades screen counts them), with their sheet and grade of the item, in one query.
 */
import type { Db } from '../../db/connect';
import { readAnswersColumn } from '../../db/json';
import { fromDbTime } from '../../db/time';
import { type AnalysisInput, type StudentWork } from '../item-analysis';
import { parseDetailColumn } from '../grading';
import { contentOf, type ItemFacts, type ItemSpec } from './assessments';
import { activeStudent } from './members';

/** Every student of the class with their sheet and grade; the joins name the item column, so once per kind. */
function classWork(db: Db, spec: ItemSpec, item: ItemFacts) {
  const students = db.selectFrom('assigned_students_class as a').where(activeStudent('a.student_id'));
  const columns = [
    'a.student_id',
    's.id as sheet_id',
    's.answers',
    's.submitted_at',
    'g.id as grade_id',
    'g.score',
    'g.detail',
  ] as const;
  return spec.kind === 'exercise'
    ? students
        .leftJoin('exercise_answers as s', (j) =>
          j.onRef('s.student_id', '=', 'a.student_id').on('s.exercise_id', '=', item.id),
        )
        .leftJoin('exercise_scores as g', (j) =>
          j.onRef('g.student_id', '=', 'a.student_id').on('g.exercise_id', '=', item.id),
        )
        .select(columns)
        .where('a.class_id', '=', item.class_id)
        .orderBy('a.student_id')
        .execute()
    : students
        .leftJoin('exam_answers as s', (j) =>
          j.onRef('s.student_id', '=', 'a.student_id').on('s.exam_id', '=', item.id),
        )
        .leftJoin('exam_scores as g', (j) => j.onRef('g.student_id', '=', 'a.student_id').on('g.exam_id', '=', item.id))
        .select(columns)
        .where('a.class_id', '=', item.class_id)
        .orderBy('a.student_id')
        .execute();
}

export async function loadAnalysisInput(db: Db, spec: ItemSpec, item: ItemFacts): Promise<AnalysisInput> {
  const [content, rows] = await Promise.all([contentOf(db, spec, item), classWork(db, spec, item)]);
  const students = rows.map((r): StudentWork => ({
    hasSheet: r.sheet_id != null,
    answers: readAnswersColumn(r.answers) ?? {},
    submittedAt: r.submitted_at == null ? null : fromDbTime(r.submitted_at),
    grade: r.grade_id == null ? null : { score: Number(r.score), detail: parseDetailColumn(r.detail) },
  }));
  return {
    content,
    totalMarks: item.total_marks,
    endTime: spec.kind === 'exam' && item.end_time != null ? fromDbTime(item.end_time) : null,
    students,
  };
}
