import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { materialDiscussionsApi, materialsApi, type MaterialInput } from '@kelasku/shared-api';
import { assessmentKeys, classStreamKeys, discussionKeys, materialKeys } from '../../lib/query-keys';

export const DISCUSSIONS_PER_PAGE = 10;

export const classMaterialsQuery = (classId: number, page: number) =>
  queryOptions({ queryKey: materialKeys.ofClass(classId, page), queryFn: () => materialsApi.fromClass(classId, page) });

export const materialQuery = (materialId: number) =>
  queryOptions({ queryKey: materialKeys.detail(materialId), queryFn: () => materialsApi.detail(materialId) });

export const materialDiscussionsQuery = (materialId: number, page: number) =>
  queryOptions({
    queryKey: discussionKeys.ofMaterial(materialId, page),
    queryFn: () => materialDiscussionsApi.list(materialId, page, DISCUSSIONS_PER_PAGE),
  });

/** Per material of a class: the discussion topics no teacher has answered yet (one grouped read). */
export const unansweredTopicsQuery = (classId: number) =>
  queryOptions({
    queryKey: discussionKeys.unanswered(classId),
    queryFn: () => materialDiscussionsApi.unanswered(classId),
  });

/**
 * After a subject is created, edited or deleted: every list and screen that shows subjects reads them again (the class
 * stream lists them, a deleted one takes its exercise and discussions with it).
 */
export function materialsChanged(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: materialKeys.all }),
    queryClient.invalidateQueries({ queryKey: classStreamKeys.all }),
    queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
    queryClient.invalidateQueries({ queryKey: discussionKeys.all }),
  ]).then(() => undefined);
}

/** Copies a subject with its exercise into other classes of its grade; every subject list reads again afterwards. */
export function useCopyMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ materialId, classIds }: { materialId: number; classIds: number[] }) =>
      materialsApi.copy(materialId, classIds),
    onSuccess: () => materialsChanged(queryClient),
  });
}

/** Creates a subject in a class; every subject list reads again. */
export function useCreateMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MaterialInput) => materialsApi.create(body),
    onSuccess: () => void materialsChanged(queryClient),
  });
}

/** Saves a subject's edit; every screen that shows it reads again. */
export function useUpdateMaterial(materialId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MaterialInput) => materialsApi.update(materialId, body),
    onSuccess: () => void materialsChanged(queryClient),
  });
}

/**
 * Deletes a subject: its card leaves the class's pages at once, then every subject list reads again (a subject of the
 * next page moves up).
 */
export function useDeleteMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (materialId: number) => materialsApi.remove(materialId),
    onSuccess: (_answer, materialId) => {
      queryClient.setQueriesData<Awaited<ReturnType<typeof materialsApi.fromClass>>>(
        { queryKey: materialKeys.classPages() },
        (old) => old && { ...old, materials: old.materials.filter((m) => m.id !== materialId) },
      );
      void materialsChanged(queryClient);
    },
  });
}
