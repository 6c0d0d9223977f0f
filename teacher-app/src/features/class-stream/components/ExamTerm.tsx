import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, formatDateId, formatWibRange } from '@kelasku/shared-ui';
import { errorMessage, type Exam, type ExamSummary } from '@kelasku/shared-api';
import { examKindText } from '../../../lib/term-i18n';
import { classExamsQuery, useExamTermChange } from '../api';

/** The kind of an exam as a small chip (daily test, mid-term, final, or the teacher's own name). */
export function ExamKindChip({ exam }: { exam: Pick<Exam, 'kind' | 'kind_label'> }) {
  const { t } = useTranslation('term');
  return <Chip size="small" variant="outlined" label={examKindText(t, exam)} />;
}

/** "Close" for the class's current exam once it has ended: the class is then free for its next exam. */
export function CloseExamButton({ exam }: { exam: Exam }) {
  const { t } = useTranslation('term');
  const [asking, setAsking] = useState(false);
  const close = useExamTermChange('close');
  if (exam.status !== 'Completed') return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={() => setAsking(true)}
        aria-label={t('term:close.label', { title: exam.title })}
      >
        {t('term:close.button')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('term:close.title')}
        message={
          <>
            {t('term:close.text')}
            {close.isError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {t('term:close.failed', { reason: errorMessage(close.error) ?? '' })}
              </Alert>
            )}
          </>
        }
        confirmLabel={t('term:close.confirm')}
        cancelLabel={t('term:close.cancel')}
        busy={close.isPending}
        onConfirm={() => close.mutate(exam.id, { onSuccess: () => setAsking(false) })}
        onClose={() => {
          setAsking(false);
          close.reset();
        }}
      />
    </>
  );
}

function PastExamRow({ exam, canReopen, last }: { exam: ExamSummary; canReopen: boolean; last: boolean }) {
  const { t } = useTranslation('term');
  const reopen = useExamTermChange('reopen');
  return (
    <ListItem divider={!last} sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
      <Box sx={{ flex: 1, minWidth: 180 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{exam.title}</Typography>
          <ExamKindChip exam={exam} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {formatDateId(exam.start_time)}, {formatWibRange(exam.start_time, exam.end_time)}
          {exam.closed_at && ` · ${t('term:past.closedOn', { date: formatDateId(exam.closed_at) })}`}
        </Typography>
        {reopen.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t('term:past.reopenFailed', { reason: errorMessage(reopen.error) ?? '' })}
          </Alert>
        )}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          component={RouterLink}
          to={`/PreviewAnExam?exam_id=${exam.id}`}
          aria-label={t('term:past.previewLabel', { title: exam.title })}
        >
          {t('term:past.preview')}
        </Button>
        <Button
          size="small"
          component={RouterLink}
          to={`/Grades?exam_id=${exam.id}`}
          aria-label={t('term:past.gradesLabel', { title: exam.title })}
        >
          {t('term:past.grades')}
        </Button>
        <Button
          size="small"
          disabled={!canReopen || reopen.isPending}
          onClick={() => reopen.mutate(exam.id)}
          aria-label={t('term:past.reopenLabel', { title: exam.title })}
        >
          {t('term:past.reopen')}
        </Button>
      </Stack>
    </ListItem>
  );
}

/** "Past exams": the class's closed exams with their grades; one can be reopened while the class has no current exam. */
export function PastExams({ classId, hasCurrent }: { classId: number; hasCurrent: boolean }) {
  const { t } = useTranslation('term');
  const exams = useQuery(classExamsQuery(classId));
  const past = (exams.data ?? []).filter((e) => e.closed_at != null);
  return (
    <Box component="section" aria-labelledby="classwork-past-exams">
      <Typography id="classwork-past-exams" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('term:past.title')}
      </Typography>
      {exams.isError ? (
        <ErrorState message={t('term:past.loadFailed')} error={exams.error} onRetry={() => void exams.refetch()} />
      ) : !exams.data ? (
        <LoadingState />
      ) : past.length === 0 ? (
        <EmptyState message={t('term:past.none')} />
      ) : (
        <>
          {hasCurrent && (
            <Typography variant="body2" color="text.secondary">
              {t('term:past.reopenBlocked')}
            </Typography>
          )}
          <List disablePadding>
            {past.map((e, i) => (
              <PastExamRow key={e.id} exam={e} canReopen={!hasCurrent} last={i === past.length - 1} />
            ))}
          </List>
        </>
      )}
    </Box>
  );
}
