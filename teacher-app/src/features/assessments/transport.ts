import { examsApi, exercisesApi, materialsApi, type Exam, type Exercise } from '@kelasku/shared-api';
import { findClassById } from '../../lib/classes';

/** The exercise of a material, or null (at most one exists). */
export async function loadExercise(materialId: number): Promise<Exercise | null> {
  const list = await exercisesApi.byMaterial(materialId);
  return list[0] ?? null;
}

/** The exam of a class, or null (at most one exists). */
export async function loadExam(classId: number): Promise<Exam | null> {
  const list = await examsApi.byClass(classId);
  return list[0] ?? null;
}

/** Subject title for headings; a failure only loses the subtitle. */
export async function materialTitle(materialId: number): Promise<string> {
  return materialsApi.detail(materialId).then(
    (m) => m.title,
    () => '',
  );
}

/** Class name for headings; a failure only loses the subtitle. */
export async function className(classId: number): Promise<string> {
  return findClassById(classId).then(
    (c) => c.name,
    () => '',
  );
}
