import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Discussion } from '@kelasku/shared-api';
import { authorName } from '@kelasku/shared-ui';
import type { DiscussionSource } from '../../lib/discussions';
import { ReportButton } from './ReportButton';

export interface DiscussionCardHeaderProps {
  discussion: Discussion;
  /** the id of the topic's heading (the card's label) */
  titleId: string;
  kind: DiscussionSource['kind'];
  /** The author edits or deletes the question; anyone else may report it. */
  isAuthor: boolean;
  onEdit: (d: Discussion) => void;
  onDelete: (d: Discussion) => void;
}

/** A question's author and topic, with Edit and Delete for its author or Report for the others. */
export function DiscussionCardHeader({
  discussion,
  titleId,
  kind,
  isAuthor,
  onEdit,
  onDelete,
}: DiscussionCardHeaderProps) {
  const { t } = useTranslation('student');
  const topic = discussion.topic;
  return (
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
  );
}
