import {
  classesApi,
  examsApi,
  materialDiscussionsApi,
  materialsApi,
  type Discussion,
  type Exam,
  type Material,
} from '@kelasku/shared-api';
import type { TeacherClass } from '../../lib/teacher-class';
import { findClassById } from '../../lib/classes';

/** The most materials a class screen lists at once (the stream, the task picker). */
export const CLASS_MATERIALS = 100;

export interface ClassOverview {
  info: TeacherClass;
  /** Newest first. */
  materials: Material[];
  exam: Exam | null;
}

/** Everything the stream, classwork and upcoming box share, in one round of parallel calls. */
export async function loadClassOverview(classId: number): Promise<ClassOverview> {
  const [info, page, exams] = await Promise.all([
    findClassById(classId),
    materialsApi.fromClass(classId, 1, CLASS_MATERIALS),
    examsApi.byClass(classId),
  ]);
  return { info, materials: [...page.materials].sort((a, b) => b.id - a.id), exam: exams[0] ?? null };
}

export interface StreamDiscussion extends Discussion {
  material_title: string;
}

/** Recent questions asked on the newest materials (a failing material is skipped, not fatal). */
export async function loadRecentDiscussions(
  materials: Material[],
  perMaterial = 5,
  materialsToScan = 5,
): Promise<StreamDiscussion[]> {
  const lists = await Promise.all(
    materials.slice(0, materialsToScan).map((m) =>
      materialDiscussionsApi.list(m.id, 1, perMaterial).then(
        (r) => r.discussions.map((d) => ({ ...d, material_title: m.title })),
        () => [] as StreamDiscussion[],
      ),
    ),
  );
  return lists.flat().sort((a, b) => b.id - a.id);
}

export const classStudents = (classId: number, page: number, search: string) =>
  classesApi.students(classId, { page, search: search || undefined });
