import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RosterChange } from '@kelasku/shared-rules/src/roster-changes';
import { classesApi, type ClassItem } from '@kelasku/shared-api';
import { statsKeys } from '../dashboard/api';
import { loadRoster } from './roster';

/** Every class read starts with 'classes', so one invalidation reaches them all. */
export const classKeys = {
  all: ['classes'] as const,
  ofGrade: (grade: number, page: number) => ['classes', 'grade', grade, page] as const,
  roster: (classId: number) => ['classes', 'roster', classId] as const,
  ofTeacher: (teacherId: number) => ['classes', 'teacher', teacherId] as const,
  namesOfGrade: (grade: number) => ['classes', 'names', grade] as const,
  choicesOfGrade: (grade: number) => ['classes', 'choices', grade] as const,
};

/** One page of a grade's classes (the class cards). */
export const gradeClassesQuery = (grade: number, page: number) =>
  queryOptions({ queryKey: classKeys.ofGrade(grade, page), queryFn: () => classesApi.list({ grade, page }) });

/** A class and its whole roster (every page of it). */
export const rosterQuery = (classId: number) => queryOptions({ queryKey: classKeys.roster(classId), queryFn: () => loadRoster(classId) });

/** Every class of a teacher (all pages of the class list). */
async function classesOfTeacher(teacherId: number): Promise<ClassItem[]> {
  const first = await classesApi.list({ page: 1, pageSize: 100 });
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.meta.totalPage - 1) }, (_, i) => classesApi.list({ page: i + 2, pageSize: 100 })));
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

/** A grade's classes (the first 100, by id), to choose where selected students go. */
export const gradeClassChoicesQuery = (grade: number) =>
  queryOptions({ queryKey: classKeys.choicesOfGrade(grade), queryFn: async () => (await classesApi.list({ grade, pageSize: 100 })).classes });

/**
 * After a class write (add, edit, delete, assign, unassign, a class handed to another teacher): every class read and
 * the dashboard's per-class statistics are out of date. Active ones refetch now, the others when next shown.
 */
export const invalidateClassReads = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: classKeys.all }), client.invalidateQueries({ queryKey: statsKeys.all })]);

/** One bulk change of a roster (assign to, move to, unassign), then every class read is refreshed. */
export function useRosterChange(classId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, to, studentIds }: { change: RosterChange; to?: number; studentIds: number[] }) =>
      classesApi.changeRoster(change, { id: classId, ...(to === undefined ? {} : { to }), student_id: studentIds }),
    onSuccess: () => invalidateClassReads(queryClient),
  });
}

/** What deleting a class takes with it (the delete dialog's counts). */
export const classImpactQuery = (classId: number) =>
  queryOptions({ queryKey: ['classes', 'impact', classId] as const, queryFn: () => classesApi.deleteImpact(classId), staleTime: 0 });

/** One page of a grade's archived classes. */
export const archivedClassesQuery = (grade: number, page: number) =>
  queryOptions({ queryKey: ['classes', 'archived', grade, page] as const, queryFn: () => classesApi.archived({ grade, page }) });

/** A class write (delete, archive, restore) as a mutation that refreshes every class read and the dashboard's statistics. */
function useClassWrite<T>(write: (classId: number) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => invalidateClassReads(client) });
}

export const useDeleteClass = () => useClassWrite((id) => classesApi.remove(id));
export const useArchiveClass = () => useClassWrite((id) => classesApi.archive(id));
export const useRestoreClass = () => useClassWrite((id) => classesApi.restore(id));
