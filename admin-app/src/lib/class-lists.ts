import { queryOptions } from '@tanstack/react-query';
import { classesApi, type ClassItem } from '@kelasku/shared-api';
import { classKeys } from './cache';

// Class lists that the account screens read (the classes feature reads its own cards and rosters).

/** Every class of a teacher (all pages of the class list). */
async function classesOfTeacher(teacherId: number): Promise<ClassItem[]> {
  const first = await classesApi.list({ page: 1, pageSize: 100 });
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.meta.totalPage - 1) }, (_, i) =>
      classesApi.list({ page: i + 2, pageSize: 100 }),
    ),
  );
  return [first, ...rest].flatMap((p) => p.classes).filter((c) => c.teacher_id === teacherId);
}

/** The classes a teacher still teaches (to be handed on before the teacher is deleted). */
export const teacherClassesQuery = (teacherId: number) =>
  queryOptions({ queryKey: classKeys.ofTeacher(teacherId), queryFn: () => classesOfTeacher(teacherId) });

/** The names of a grade's classes (the first 100) and how many there are, for saying which classes new students join. */
export const gradeClassNamesQuery = (grade: number) =>
  queryOptions({
    queryKey: classKeys.namesOfGrade(grade),
    queryFn: async () => {
      const first = await classesApi.list({ grade, pageSize: 100 });
      return { grade, names: first.classes.map((c) => c.name), total: first.meta.total };
    },
  });
