import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Discussion } from '@kelasku/shared-api';
import { ReplyItem, authorName } from '@kelasku/shared-ui';
import type { DiscussionSource } from '../../lib/discussions';
import { ReportButton } from './ReportButton';

export interface ReplyListProps {
  /** the element id the card's Show replies button controls */
  id: string;
  discussion: Discussion;
  kind: DiscussionSource['kind'];
  currentStudentId: number | undefined;
}

/** A question's replies (about 13rem, scrolling), each but the student's own with Report. */
export function ReplyList({ id, discussion, kind, currentStudentId }: ReplyListProps) {
  const { t } = useTranslation('student');
  const replies = discussion.replies ?? [];
  return (
    <Box
      id={id}
      component="ul"
      aria-label={t('discussions.card.repliesTo', { topic: discussion.topic })}
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
  );
}
