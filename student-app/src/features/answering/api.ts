import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { examsApi, exercisesApi, keepDeliveryOf, type Grade } from '@kelasku/shared-api';
import type { QueueState } from './answer-queue';
import { flushThenGrade } from './submit';
import { dashboardKeys, gradeKeys } from '../../lib/query-keys';

// The exam itself is not read here: it comes with its prefetch and clock offset (exam-prefetch.ts, useClassExams).

/** The closed exams of a class's term (each student's results stay readable there). */
export const pastExamsQuery = (classId: number) =>
  queryOptions({
    queryKey: [...gradeKeys.all, 'past-exams', classId] as const,
    queryFn: () => examsApi.ofClass(classId),
  });

export const exerciseKeys = {
  all: ['exercises'] as const,
  ofMaterial: (materialId: number) => [...exerciseKeys.all, 'material', materialId] as const,
};

const storedGradeKey = (kind: 'exercise' | 'exam', itemId: number, studentId: number, windowEnded: boolean) =>
  [...gradeKeys.all, kind, itemId, studentId, windowEnded ? 'after-window' : 'in-window'] as const;

/** The material's exercise, the whole sheet in one request (content without answer keys for students); null if none. */
export const exerciseOfMaterialQuery = (materialId: number) =>
  queryOptions({
    queryKey: exerciseKeys.ofMaterial(materialId),
    queryFn: async () => {
      const exercise = (await exercisesApi.byMaterial(materialId))[0] ?? null;
      keepDeliveryOf(exercise); // lets this browser seal answers it could not send before a sign-out
      return exercise;
    },
  });

/**
 * The stored grade of a handed-in exercise or exam (null while there is none). For an exam the server adds right or
 * wrong per question only once its window has ended: read before and after the end, these are two reads.
 */
export const storedGradeQuery = (kind: 'exercise' | 'exam', itemId: number, studentId: number, windowEnded = false) =>
  queryOptions({
    queryKey: storedGradeKey(kind, itemId, studentId, windowEnded),
    queryFn: async () => (await (kind === 'exam' ? examsApi : exercisesApi).grade(itemId, studentId))[0] ?? null,
  });

/** A handed-in sheet changes the grades (task list, stored grade) and the dashboard's numbers and to-do list. */
export function invalidateAfterSubmit(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: gradeKeys.all });
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
}

/**
 * Hands a sheet in: every pending answer first (the offline queue's flush), then the grade, which locks the sheet;
 * afterwards the grades and the dashboard are read again. Resolves with the grade (null without an item or student);
 * a failure's message is for the student (flushThenGrade).
 */
export function useSubmitSheet({
  kind,
  itemId,
  studentId,
  flush,
  onSubmitted,
}: {
  kind: 'exercise' | 'exam';
  itemId: number | undefined;
  studentId: number | undefined;
  flush: () => Promise<QueueState>;
  /** The sheet shows as handed in (useAnswerSheet's markSubmitted). */
  onSubmitted: () => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<Grade | null> => {
      if (!itemId || !studentId) return null;
      const api = kind === 'exam' ? examsApi : exercisesApi;
      return flushThenGrade(
        flush,
        () => api.calculateGrade(itemId, studentId),
        async () => (await api.grade(itemId, studentId))[0],
      );
    },
    onSuccess: (grade) => {
      if (!grade) return;
      onSubmitted();
      invalidateAfterSubmit(queryClient);
    },
  });
}
