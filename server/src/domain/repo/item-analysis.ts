/**
 * The facts item analysis (domain/item-analysis.ts) needs: every student assigned to the item's class now (as the
 * grades screen lists them), with their sheet and grade of the item, in one query.
 */
import type { Db } from '../../db/connect';
import { fromDbJson } from '../../db/json';
import { fromDbTime } from '../../db/time';
import { type AnalysisInput, type StudentWork } from '../item-analysis';
import { parseDetailColumn } from '../grading';
import { contentOf, type ItemFacts, type ItemSpec, loose } from './assessments';

export async function loadAnalysisInput(db: Db, spec: ItemSpec, item: ItemFacts): Promise<AnalysisInput> {
  const [content, rows] = await Promise.all([
    contentOf(db, spec, item),
    loose(db)
      .selectFrom('assigned_students_class as a')
      .leftJoin(`${spec.sheets} as s`, (j) => j.onRef('s.student_id', '=', 'a.student_id').on(`s.${spec.idCol}`, '=', item.id))
      .leftJoin(`${spec.scores} as g`, (j) => j.onRef('g.student_id', '=', 'a.student_id').on(`g.${spec.idCol}`, '=', item.id))
      .select(['a.student_id', 's.id as sheet_id', 's.answers', 's.submitted_at', 'g.id as grade_id', 'g.score', 'g.detail'])
      .where('a.class_id', '=', item.class_id)
      .orderBy('a.student_id')
      .execute(),
  ]);
  const students = rows.map((r): StudentWork => ({
    hasSheet: r.sheet_id != null,
    answers: (r.answers == null ? null : fromDbJson<Record<string, string> | null>(r.answers)) ?? {},
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
