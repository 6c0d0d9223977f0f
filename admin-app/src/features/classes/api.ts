import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RosterChange } from '@kelasku/shared-rules/src/roster-changes';
import { classesApi, type ClassInput } from '@kelasku/shared-api';
import { classKeys, invalidateClassReads } from '../../lib/cache';
import { loadRoster } from './roster';

/** One page of a grade's classes (the class cards). */
export const gradeClassesQuery = (grade: number, page: number) =>
  queryOptions({ queryKey: classKeys.ofGrade(grade, page), queryFn: () => classesApi.list({ grade, page }) });

/** A class and its whole roster (every page of it). */
export const rosterQuery = (classId: number) =>
  queryOptions({ queryKey: classKeys.roster(classId), queryFn: () => loadRoster(classId) });

/** A grade's classes (the first 100, by id), to choose where selected students go. */
export const gradeClassChoicesQuery = (grade: number) =>
  queryOptions({
    queryKey: classKeys.choicesOfGrade(grade),
    queryFn: async () => (await classesApi.list({ grade, pageSize: 100 })).classes,
  });

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
  queryOptions({ queryKey: classKeys.impact(classId), queryFn: () => classesApi.deleteImpact(classId), staleTime: 0 });

/** One page of a grade's archived classes. */
export const archivedClassesQuery = (grade: number, page: number) =>
  queryOptions({ queryKey: classKeys.archived(grade, page), queryFn: () => classesApi.archived({ grade, page }) });

/** A class write (delete, archive, restore) as a mutation that refreshes every class read and the dashboard's statistics. */
function useClassWrite<T>(write: (classId: number) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => invalidateClassReads(client) });
}

export const useDeleteClass = () => useClassWrite((id) => classesApi.remove(id));
export const useArchiveClass = () => useClassWrite((id) => classesApi.archive(id));
export const useRestoreClass = () => useClassWrite((id) => classesApi.restore(id));

/** Adds a class (`id` absent) or saves an edited one. */
export function useSaveClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ClassInput }) =>
      id === undefined ? classesApi.create(body) : classesApi.update(id, body),
    onSuccess: () => invalidateClassReads(client),
  });
}

/** Adds the students to the class. */
export function useAssignStudents(classId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (studentIds: number[]) => classesApi.assign(classId, studentIds),
    onSuccess: () => invalidateClassReads(client),
  });
}

/** Takes one student off the class's roster. */
export function useUnassignStudent(classId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (studentId: number) => classesApi.unassign(classId, [studentId]),
    onSuccess: () => invalidateClassReads(client),
  });
}
