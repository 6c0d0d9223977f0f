import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { errorStatus, reportsApi, type Discussion, type DiscussionInput, type Meta } from '@kelasku/shared-api';

/** What a report names: a question, or one of its replies, with the student's optional reason. */
export type ReportInput = Parameters<typeof reportsApi.create>[0];

/** Where a board's questions live: the general forum or one material's discussion (same shapes). */
export interface DiscussionSource {
  kind: 'general' | 'material';
  /** The query-key root of this board's pages: invalidated after every question, edit, deletion and reply. */
  key: readonly unknown[];
  list: (page: number, pageSize: number) => Promise<{ discussions: Discussion[]; meta: Meta }>;
  create: (body: DiscussionInput) => Promise<unknown>;
  update: (id: number, body: DiscussionInput) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  /** Appends a reply; answers with the whole discussion. */
  reply: (id: number, text: string) => Promise<Discussion>;
}

export const discussionKeys = {
  all: ['discussions'] as const,
  group: () => [...discussionKeys.all, 'group'] as const,
  material: (materialId: number) => [...discussionKeys.all, 'material', materialId] as const,
};

/** One page of a board's questions. */
export const discussionPageQuery = (source: DiscussionSource, page: number, pageSize: number) =>
  queryOptions({ queryKey: [...source.key, page, pageSize], queryFn: () => source.list(page, pageSize) });

/**
 * Every page of the board is out of date after a write (a question moved, appeared, changed or went). Not awaited:
 * the dialog closes at once and the list on screen stays until the new one is here.
 */
function useInvalidateBoard(source: DiscussionSource) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: source.key });
}

/** Asks a question on the board. */
export function useAskQuestion(source: DiscussionSource) {
  const invalidate = useInvalidateBoard(source);
  return useMutation({ mutationFn: (body: DiscussionInput) => source.create(body), onSuccess: invalidate });
}

/** Edits one's own question. */
export function useEditQuestion(source: DiscussionSource) {
  const invalidate = useInvalidateBoard(source);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DiscussionInput }) => source.update(id, body),
    onSuccess: invalidate,
  });
}

/** Deletes one's own question. */
export function useDeleteQuestion(source: DiscussionSource) {
  const invalidate = useInvalidateBoard(source);
  return useMutation({ mutationFn: (id: number) => source.remove(id), onSuccess: invalidate });
}

/** Answers a question; resolves with the whole discussion (its replies as the server now has them). */
export function useReply(source: DiscussionSource) {
  const invalidate = useInvalidateBoard(source);
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) => source.reply(id, text),
    onSuccess: invalidate,
  });
}

/** Reports a question or a reply to the admins; already reported by this student (409) counts as reported. */
export function useReport() {
  return useMutation({
    mutationFn: async (report: ReportInput) => {
      try {
        await reportsApi.create(report);
      } catch (err) {
        if (errorStatus(err) !== 409) throw err;
      }
    },
  });
}
