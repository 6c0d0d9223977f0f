import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { EmptyState, ErrorState, LoadingState } from '@kelasku/shared-ui/src/states';
import { formatDateId, formatWibTime } from '@kelasku/shared-ui/src/dates';
import { parsePositiveInt } from '../../../lib/params';
import { CLASS_PARAM, classLabel, type TeacherClass } from '../../../lib/teacher-class';
import { myClassesQuery } from '../../../lib/class-queries';
import { infoChipSx, warningChipSx } from '../../../lib/chip-styles';
import { ReviewPanelFrame } from './ReviewPanelFrame';
import type { ReviewItem } from '../review-transport';
import { classReviewQuery } from '../api';
import { gradesLink, itemKindLine, studentsToReview } from '../review-view';

function ReviewRow({ item }: { item: ReviewItem }) {
  const { t } = useTranslation('teacher');
  const waiting = t('review.oldest', {
    date: formatDateId(item.oldest_submitted_at),
    time: formatWibTime(item.oldest_submitted_at),
  });
  return (
    <ListItemButton component={RouterLink} to={gradesLink(item)} divider sx={{ px: 1, alignItems: 'flex-start' }}>
      <ListItemText
        primary={item.title}
        slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } }, secondary: { component: 'div' } }}
        secondary={
          <>
            <Typography variant="body2" color="text.secondary">
              {itemKindLine(item)}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, my: 0.5 }}>
              <Chip size="small" variant="outlined" label={studentsToReview(item.to_review)} />
              {item.pending_sheets > 0 && (
                <Chip
                  size="small"
                  label={t('review.pendingSheets', { count: item.pending_sheets })}
                  sx={warningChipSx}
                />
              )}
              {item.auto_scored_sheets > 0 && (
                <Chip
                  size="small"
                  label={t('review.autoScoredSheets', { count: item.auto_scored_sheets })}
                  sx={infoChipSx}
                />
              )}
            </Box>
            <Typography variant="body2" color="text.secondary">
              {waiting}
            </Typography>
          </>
        }
      />
    </ListItemButton>
  );
}

/** The class's exercises and exam with sheets to review, pending first (the server's order). */
function ClassReviewList({ classId }: { classId: number }) {
  const list = useQuery(classReviewQuery(classId));
  const { t } = useTranslation('teacher');
  if (!list.data)
    return list.isError ? (
      <ErrorState message={t('review.failed')} error={list.error} onRetry={() => void list.refetch()} />
    ) : (
      <LoadingState />
    );
  if (list.data.items.length === 0) return <EmptyState message={t('review.empty')} />;
  return (
    <List disablePadding aria-label={t('review.listLabel', { className: list.data.class_name })}>
      {list.data.items.map((item) => (
        <ReviewRow key={`${item.kind}-${item.id}`} item={item} />
      ))}
    </List>
  );
}

/**
 * The teacher's classes (every grade) as toggle chips that wrap on a phone; nothing when there is only one. Chips, not
 * MUI Tabs: the dashboard already loads Chip, while Tabs would add about 9 KB to its first screen.
 */
function ClassChips({
  classes,
  current,
  onPick,
}: {
  classes: TeacherClass[];
  current: TeacherClass;
  onPick: (id: number) => void;
}) {
  const { t } = useTranslation('teacher');
  if (classes.length < 2) return null;
  return (
    <Box role="group" aria-label={t('review.classes')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
      {classes.map((c) => {
        const picked = c.id === current.id;
        return (
          <Chip
            key={c.id}
            label={classLabel(c)}
            onClick={() => onPick(c.id)}
            aria-pressed={picked}
            color={picked ? 'primary' : 'default'}
            variant={picked ? 'filled' : 'outlined'}
            sx={{ height: 40, borderRadius: 5, fontWeight: 600 }}
          />
        );
      })}
    </Box>
  );
}

/**
 * The dashboard's "To review" section: per class, every exercise and exam with essays to look at, each row one tap
 * from its grades screen filtered to "Needs review". The class picked is kept in `?class=`, so Back from the grades
 * screen returns to the same class.
 */
export default function ToReviewPanel() {
  const [params, setParams] = useSearchParams();
  const { t } = useTranslation('teacher');
  const classes = useQuery(myClassesQuery());
  const list = classes.data ?? [];
  const wanted = parsePositiveInt(params.get(CLASS_PARAM));
  const current = list.find((c) => c.id === wanted) ?? list[0] ?? null;
  const pick = (id: number) => {
    const next = new URLSearchParams(params);
    next.set(CLASS_PARAM, String(id));
    setParams(next, { replace: true });
  };
  return (
    <ReviewPanelFrame>
      {classes.isPending ? (
        <LoadingState />
      ) : classes.isError && !classes.data ? (
        <ErrorState message={t('review.classesFailed')} error={classes.error} onRetry={() => void classes.refetch()} />
      ) : !current ? (
        <Typography color="text.secondary">{t('review.noClass')}</Typography>
      ) : (
        <>
          <ClassChips classes={list} current={current} onPick={pick} />
          <ClassReviewList classId={current.id} />
        </>
      )}
    </ReviewPanelFrame>
  );
}
