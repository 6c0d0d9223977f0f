import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { gradebookApi, type Gradebook } from '@kelasku/shared-api';
import type { GradebookWeights } from '@kelasku/shared-rules/src/gradebook';
import { gradebookKeys } from '../../lib/query-keys';

export const gradebookQuery = (classId: number) =>
  queryOptions({ queryKey: gradebookKeys.ofClass(classId), queryFn: () => gradebookApi.get(classId) });

/** Saves the class's weights; the gradebook reads again (its final scores follow them). */
export function useSaveWeights(classId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (weights: GradebookWeights) => gradebookApi.setWeights(classId, weights),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gradebookKeys.ofClass(classId) }),
  });
}

/** Builds and saves the gradebook as a file: the CSV module, or the Excel writer loaded only now. */
export function useGradebookExport() {
  return useMutation({
    mutationFn: async ({ book, format }: { book: Gradebook; format: 'csv' | 'xlsx' }) => {
      const { exportGradebook } = await import('./gradebook-export');
      await exportGradebook(book, format);
    },
  });
}
