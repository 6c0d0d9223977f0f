import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type Discussion } from '@kelasku/shared-api';
import { MAX_REPLY_BYTES, overBytes } from '@kelasku/shared-rules';
import { useReply, type DiscussionSource } from '../lib/discussions';

/**
 * The reply a student is writing to a question: its text, why it was not sent (over the server's cap, or the send
 * failed), and its sending (`onReplied` gets the question as the server has it then).
 */
export function useReplyDraft(
  source: DiscussionSource,
  discussionId: number,
  onReplied: (updated: Discussion) => void,
) {
  const { t } = useTranslation('student');
  const [replyText, setReplyText] = useState('');
  const reply = useReply(source);
  /** A reply refused before it is sent (over the server's cap). */
  const [replyProblem, setReplyProblem] = useState<string | null>(null);
  const failedReason = reply.error && errorMessage(reply.error);
  const replyError =
    replyProblem ??
    (reply.error &&
      (failedReason
        ? t('discussions.card.replyFailedBecause', { reason: failedReason })
        : t('discussions.card.replyFailed')));

  const sendReply = (event: FormEvent) => {
    event.preventDefault();
    const text = replyText.trim();
    if (!text || reply.isPending) return; // empty replies are not sent
    // The server's cap, by the same rule: a reply it would refuse is not sent.
    if (overBytes(text, MAX_REPLY_BYTES)) {
      reply.reset();
      setReplyProblem(t('discussions.card.replyTooLarge', { limit: MAX_REPLY_BYTES }));
      return;
    }
    setReplyProblem(null);
    reply.mutate(
      { id: discussionId, text },
      {
        onSuccess: (updated) => {
          onReplied(updated);
          setReplyText('');
        },
      },
    );
  };

  const changeReply = (text: string) => {
    setReplyText(text);
    setReplyProblem(null);
    reply.reset();
  };

  return { replyText, changeReply, sendReply, sending: reply.isPending, replyError };
}
