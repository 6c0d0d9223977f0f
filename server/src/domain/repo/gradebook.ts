/**
 * A class's gradebook (routes/gradebook): its roster in roster order (NIS, then id), every exercise of its materials
 * and every exam of its term (closed ones included) with their dates, every grade of them, and its weights. What the
 * cells add up to is shared-rules/src/gradebook.ts.
 */
import type { Db } from '../../db/connect';
import type { GradebookWeights } from '@kelasku/shared-rules/src/gradebook';

export interface GradebookData {
  students: { id: number; nis: string; name: string }[];
  exercises: { id: number; title: string; created_at: Date | string }[];
  exams: {
    id: number;
    title: string;
    kind: string;
    kind_label: string | null;
    start_time: Date | string;
    closed_at: Date | string | null;
  }[];
  exerciseScores: { item_id: number; student_id: number; score: number }[];
  examScores: { item_id: number; student_id: number; score: number }[];
  weights?: GradebookWeights;
}

export async function gradebookOf(db: Db, classId: number): Promise<GradebookData> {
  const [students, exercises, exams, exerciseScores, examScores, weights] = await Promise.all([
    db
      .selectFrom('assigned_students_class as a')
      .innerJoin('students as s', 's.id', 'a.student_id')
      .select(['s.id', 's.nis', 's.name'])
      .where('a.class_id', '=', classId)
      .orderBy('s.nis')
      .orderBy('s.id')
      .execute(),
    db
      .selectFrom('exercises as e')
      .innerJoin('materials as m', 'm.id', 'e.material_id')
      .select(['e.id', 'e.title', 'e.created_at'])
      .where('m.class_id', '=', classId)
      .orderBy('e.id')
      .execute(),
    db
      .selectFrom('exams')
      .select(['id', 'title', 'kind', 'kind_label', 'start_time', 'closed_at'])
      .where('class_id', '=', classId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('exercise_scores as g')
      .innerJoin('exercises as e', 'e.id', 'g.exercise_id')
      .innerJoin('materials as m', 'm.id', 'e.material_id')
      .select(['g.exercise_id as item_id', 'g.student_id', 'g.score'])
      .where('m.class_id', '=', classId)
      .execute(),
    db
      .selectFrom('exam_scores as g')
      .innerJoin('exams as x', 'x.id', 'g.exam_id')
      .select(['g.exam_id as item_id', 'g.student_id', 'g.score'])
      .where('x.class_id', '=', classId)
      .execute(),
    db
      .selectFrom('gradebook_weights')
      .select(['exercise', 'daily', 'midterm', 'final'])
      .where('class_id', '=', classId)
      .executeTakeFirst(),
  ]);
  const num = <T extends { score: number }>(rows: T[]) => rows.map((r) => ({ ...r, score: Number(r.score) }));
  return { students, exercises, exams, exerciseScores: num(exerciseScores), examScores: num(examScores), weights };
}

/** Sets a class's weights (validated by the caller). */
export async function saveGradebookWeights(db: Db, classId: number, w: GradebookWeights): Promise<void> {
  await db
    .insertInto('gradebook_weights')
    .values({ class_id: classId, ...w })
    .onConflict((oc) =>
      oc.column('class_id').doUpdateSet({ exercise: w.exercise, daily: w.daily, midterm: w.midterm, final: w.final }),
    )
    .execute();
}
