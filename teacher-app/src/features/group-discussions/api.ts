import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { discussionsApi, type Discussion } from '@kelasku/shared-api';

/** The school-wide group discussions, as a teacher reads and answers them. */
export const groupDiscussionKeys = {
  all: ['group-discussions'] as const,
  page: (page: number) => [...groupDiscussionKeys.all, 'page', page] as const,
};

export const GROUP_DISCUSSIONS_PER_PAGE = 10;

export const groupDiscussionsQuery = (page: number) =>
  queryOptions({
    queryKey: groupDiscussionKeys.page(page),
    queryFn: () => discussionsApi.list(page, GROUP_DISCUSSIONS_PER_PAGE),
  });

/** Puts the server's answer (the whole discussion) in place on every cached page, then reads the pages again. */
function useShowChanged() {
  const queryClient = useQueryClient();
  return (changed: Discussion) => {
    queryClient.setQueriesData<Awaited<ReturnType<typeof discussionsApi.list>>>(
      { queryKey: groupDiscussionKeys.all },
      (old) => old && { ...old, discussions: old.discussions.map((d) => (d.id === changed.id ? changed : d)) },
    );
    return queryClient.invalidateQueries({ queryKey: groupDiscussionKeys.all });
  };
}

/** The teacher's answer to one question. */
export function useReply() {
  const showChanged = useShowChanged();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) => discussionsApi.reply(id, text),
    onSuccess: showChanged,
  });
}

/** Removing one of the teacher's own replies. */
export function useRemoveReply() {
  const showChanged = useShowChanged();
  return useMutation({
    mutationFn: ({ id, replyId }: { id: number; replyId: string }) => discussionsApi.removeReply(id, replyId),
    onSuccess: showChanged,
  });
}
