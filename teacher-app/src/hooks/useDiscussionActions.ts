import { useMutation, useQueryClient } from '@tanstack/react-query';
import { materialDiscussionsApi } from '@kelasku/shared-api';
import { discussionKeys } from '../lib/query-keys';

/**
 * The teacher's writes on one student question of a material (the material page and the class stream both show it).
 * The thread shows the server's answer itself; other lists of questions read again when next shown. Removing the
 * question is followed by the list that showed it (each list drops it its own way).
 */
export function useDiscussionActions(discussionId: number) {
  const queryClient = useQueryClient();
  const othersReadAgain = () => queryClient.invalidateQueries({ queryKey: discussionKeys.all, refetchType: 'none' });
  return {
    reply: useMutation({
      mutationFn: (text: string) => materialDiscussionsApi.reply(discussionId, text),
      onSuccess: othersReadAgain,
    }),
    removeReply: useMutation({
      mutationFn: (replyId: string) => materialDiscussionsApi.removeReply(discussionId, replyId),
      onSuccess: othersReadAgain,
    }),
    removeQuestion: useMutation({ mutationFn: () => materialDiscussionsApi.remove(discussionId) }),
  };
}
