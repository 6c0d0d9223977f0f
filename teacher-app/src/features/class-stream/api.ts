import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { examsApi, materialsApi, type Material } from '@kelasku/shared-api';
import { assessmentKeys, classStreamKeys, discussionKeys, gradebookKeys } from '../../lib/query-keys';
import { CLASS_MATERIALS, classStudents, loadClassOverview, loadRecentDiscussions } from './transport';

/** Every exam of the class's term: the current one first, then the closed ones (newest first). */
export const classExamsQuery = (classId: number) =>
  queryOptions({ queryKey: classStreamKeys.exams(classId), queryFn: () => examsApi.ofClass(classId) });

/**
 * Closing an ended exam, or reopening a closed one: the class's stream (its current exam), its exams and everything
 * else that names the class's exam (the create and preview screens, the gradebook) read again.
 */
export function useExamTermChange(action: 'close' | 'reopen') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (examId: number) => (action === 'close' ? examsApi.close(examId) : examsApi.reopen(examId)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: classStreamKeys.all }),
        queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: gradebookKeys.all }),
      ]),
  });
}

export const classOverviewQuery = (classId: number) =>
  queryOptions({ queryKey: classStreamKeys.overview(classId), queryFn: () => loadClassOverview(classId) });

export const classMaterialsQuery = (classId: number) =>
  queryOptions({
    queryKey: classStreamKeys.materials(classId),
    queryFn: () => materialsApi.fromClass(classId, 1, CLASS_MATERIALS),
  });

export const classStudentsQuery = (classId: number, page: number, search: string) =>
  queryOptions({
    queryKey: classStreamKeys.students(classId, page, search),
    queryFn: () => classStudents(classId, page, search),
  });

/** Under the discussions' key root, so a reply or removal anywhere refreshes the stream too. */
export const recentDiscussionsQuery = (materials: Material[]) =>
  queryOptions({
    queryKey: discussionKeys.recent(materials.map((m) => m.id)),
    queryFn: () => loadRecentDiscussions(materials),
  });
