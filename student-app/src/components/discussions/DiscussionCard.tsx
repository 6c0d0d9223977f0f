import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { Discussion } from '@kelasku/shared-api';
import { AnswerForm, PlainText } from '@kelasku/shared-ui';
import type { DiscussionSource } from '../../lib/discussions';
import { DiscussionCardHeader } from './DiscussionCardHeader';
import { ReplyList } from './ReplyList';
import { useReplyDraft } from '../../hooks/useReplyDraft';

export interface DiscussionCardProps {
  discussion: Discussion;
  /** The board it is on: replies are sent there (and its pages read again). */
  source: DiscussionSource;
  currentStudentId: number | undefined;
  onEdit: (d: Discussion) => void;
  onDelete: (d: Discussion) => void;
}

/** One question: author, topic, description, author-only Edit/Delete, Report, replies (about 13rem, scrolling) and a reply input. */
export function DiscussionCard({
  discussion: initial,
  source,
  currentStudentId,
  onEdit,
  onDelete,
}: DiscussionCardProps) {
  const { t } = useTranslation('student');
  const [discussion, setDiscussion] = useState(initial);
  const [showReplies, setShowReplies] = useState(false);
  const draft = useReplyDraft(source, discussion.id, (updated) => {
    setDiscussion((d) => ({ ...d, ...updated, student_name: updated.student_name ?? d.student_name }));
    setShowReplies(true);
  });
  const repliesId = useId();
  const titleId = useId();
  // Strict equality as the original: student_id is a number in both the token and the item.
  const isAuthor = currentStudentId !== undefined && discussion.student_id === currentStudentId;

  return (
    <Paper component="article" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <DiscussionCardHeader
        discussion={discussion}
        titleId={titleId}
        kind={source.kind}
        isAuthor={isAuthor}
        onEdit={onEdit}
        onDelete={onDelete}
      />
      <PlainText text={discussion.description} sx={{ mt: 1, color: 'text.primary' }} />

      <Button
        size="small"
        sx={{ mt: 1, px: 0 }}
        aria-expanded={showReplies}
        aria-controls={repliesId}
        onClick={() => setShowReplies((s) => !s)}
      >
        {showReplies
          ? t('discussions.card.hideReplies')
          : t('discussions.card.showReplies', { number: (discussion.replies ?? []).length })}
      </Button>
      {showReplies && (
        <ReplyList id={repliesId} discussion={discussion} kind={source.kind} currentStudentId={currentStudentId} />
      )}

      <AnswerForm
        topic={discussion.topic}
        value={draft.replyText}
        onChange={draft.changeReply}
        onSubmit={draft.sendReply}
        sending={draft.sending}
        error={draft.replyError}
      />
    </Paper>
  );
}
