import { useTranslation } from 'react-i18next';
import type { Discussion } from '@kelasku/shared-api';
import { RepliesList, authorName } from '@kelasku/shared-ui';
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
  return (
    <RepliesList
      id={id}
      scrolling
      label={t('discussions.card.repliesTo', { topic: discussion.topic })}
      empty={t('discussions.card.noReplies')}
      replies={discussion.replies ?? []}
      actionFor={(r) =>
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
  );
}
