import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage, type Discussion } from '@kelasku/shared-api';
import { AnswerForm, PlainText, ReplyItem, authorName } from '@kelasku/shared-ui';
import { MAX_REPLY_BYTES, overBytes } from '@kelasku/shared-rules';
import { useReply, type DiscussionSource } from '../../lib/discussions';
import { ReportButton } from './ReportButton';

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
  const kind = source.kind;
  const repliesId = useId();
  const titleId = useId();
  // Strict equality as the original: student_id is a number in both the token and the item.
  const isAuthor = currentStudentId !== undefined && discussion.student_id === currentStudentId;
  const replies = discussion.replies ?? [];
  const topic = discussion.topic;

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
      { id: discussion.id, text },
      {
        onSuccess: (updated) => {
          setDiscussion((d) => ({ ...d, ...updated, student_name: updated.student_name ?? d.student_name }));
          setReplyText('');
          setShowReplies(true);
        },
      },
    );
  };

  return (
    <Paper component="article" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            {authorName(discussion.student_name)}
          </Typography>
          <Typography id={titleId} component="h3" variant="h6" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {topic}
          </Typography>
        </Box>
        <Stack direction="row" spacing={0.5}>
          {isAuthor ? (
            <>
              <Button size="small" onClick={() => onEdit(discussion)}>
                {t('discussions.card.edit')}
              </Button>
              <Button size="small" color="error" onClick={() => onDelete(discussion)}>
                {t('discussions.card.delete')}
              </Button>
            </>
          ) : (
            <ReportButton
              kind={kind}
              discussionId={discussion.id}
              what={t('discussions.card.reportQuestion', { topic })}
            />
          )}
        </Stack>
      </Stack>
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
          : t('discussions.card.showReplies', { number: replies.length })}
      </Button>
      {showReplies && (
        <Box
          id={repliesId}
          component="ul"
          aria-label={t('discussions.card.repliesTo', { topic })}
          tabIndex={0}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mt: 1,
            maxHeight: '13rem',
            overflowY: 'auto',
            borderLeft: 3,
            borderColor: 'divider',
            pl: 1.5,
          }}
        >
          {replies.length === 0 && (
            <Typography component="li" color="text.secondary">
              {t('discussions.card.noReplies')}
            </Typography>
          )}
          {replies.map((r, index) => (
            <ReplyItem
              key={r.id ?? index}
              reply={r}
              action={
                r.student_id !== currentStudentId &&
                r.id && (
                  <ReportButton
                    kind={kind}
                    discussionId={discussion.id}
                    replyId={r.id}
                    what={t('discussions.card.reportReply', { name: authorName(r.name) })}
                  />
                )
              }
            />
          ))}
        </Box>
      )}

      <AnswerForm
        topic={topic}
        value={replyText}
        onChange={(text) => {
          setReplyText(text);
          setReplyProblem(null);
          reply.reset();
        }}
        onSubmit={sendReply}
        sending={reply.isPending}
        error={replyError}
      />
    </Paper>
  );
}
