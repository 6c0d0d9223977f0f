import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorState, LoadingState, NotFoundState } from '@kelasku/shared-ui';
import { formatScore } from '@kelasku/shared-ui/src/numbers';
import { parseQuestions, type Submission, type SubmissionDetail } from '@kelasku/shared-api';
import { useGoBack } from '@kelasku/shared-ui/src/useGoBack';
import { parsePositiveInt } from '../../../lib/params';
import { workFromParams, workQuery, type WorkRef } from '../../../lib/work';
import { nextToReview } from '../queue';
import { sheetQuery, submissionsQuery } from '../api';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';
import { useChanged } from '@kelasku/shared-ui/src/useChanged';
import { QuestionReview } from './QuestionReview';

/** Back to the list, and on to the next sheet to review (or a word that none is left, once the list is read). */
function ReviewNav({
  work,
  next,
  listRead,
  onBack,
}: {
  work: WorkRef;
  next: Submission | null;
  listRead: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation('teacher');
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 1, justifyContent: 'space-between', alignItems: 'center' }}>
      <Button onClick={onBack}>{t('grades.back')}</Button>
      {next ? (
        <Button
          variant="outlined"
          component={RouterLink}
          replace
          to={`/Review?${workQuery(work)}&student_id=${next.student_id}`}
          aria-label={t('grades.review.nextOf', { name: next.name })}
        >
          {t('grades.review.next')}
        </Button>
      ) : listRead ? (
        <Typography variant="body2" color="text.secondary">
          {t('grades.review.noNext')}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** The sheet's total and how many essays still wait for a score. */
function SheetTotal({ data }: { data: SubmissionDetail }) {
  const { t } = useTranslation('teacher');
  const pendingCount = Object.values(data.detail ?? {}).filter((d) => d.kind === 'essay' && d.pending).length;
  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }}>
      <Typography variant="h6" component="p" aria-live="polite">
        {t('grades.review.total', {
          score: data.score == null ? t('grades.review.notGraded') : `${formatScore(data.score)} / 100`,
        })}
      </Typography>
      {pendingCount > 0 && (
        <Typography color="warning.dark">{t('grades.review.essaysPending', { count: pendingCount })}</Typography>
      )}
    </Paper>
  );
}

/** /Review?exercise_id=|exam_id=&student_id=: one student's answers, automatic scores, and essay overrides. */
export default function Review() {
  const [params] = useSearchParams();
  const { t } = useTranslation('teacher');
  const work = workFromParams(params);
  const studentId = parsePositiveInt(params.get('student_id'));
  const goBack = useGoBack(work ? `/Grades?${workQuery(work)}` : '/DashboardTeacher');
  const [saved, setSaved] = useState<string | null>(null);
  if (useChanged(studentId)) setSaved(null);
  const shownWork = work ?? { kind: 'exercise' as const, id: 0 };
  const sheet = useQuery({ ...sheetQuery(shownWork, studentId ?? 0), enabled: work != null && studentId != null });
  // The class list, for "Next student" (read again after each score, so confirmed sheets drop out).
  const list = useQuery({ ...submissionsQuery(shownWork), enabled: work != null });

  if (!work || !studentId)
    return (
      <NotFoundState
        message={t('grades.review.noSheet')}
        backTo="/DashboardTeacher"
        backLabel={t('grades.backToDashboard')}
      />
    );
  if (!sheet.data)
    return sheet.isError ? (
      <ErrorState message={t('grades.review.failed')} error={sheet.error} onRetry={() => void sheet.refetch()} />
    ) : (
      <LoadingState />
    );
  const data: SubmissionDetail = sheet.data;
  const questions = parseQuestions(data.content);
  const answers = data.answers ?? {};
  const next = Array.isArray(list.data) ? nextToReview(list.data, studentId) : null;

  return (
    <Box sx={{ maxWidth: 960 }}>
      <ReviewNav work={work} next={next} listRead={Boolean(list.data)} onBack={goBack} />
      <PageTitle>{data.student.name}</PageTitle>
      <Typography color="text.secondary">
        {work.kind === 'exam'
          ? t('grades.review.subtitleExam', { nis: data.student.nis })
          : t('grades.review.subtitleExercise', { nis: data.student.nis })}
      </Typography>
      <SheetTotal data={data} />
      {saved && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSaved(null)}>
          {saved}
        </Alert>
      )}
      <Stack spacing={2}>
        {questions.map((q, i) => (
          <QuestionReview
            key={i + 1}
            question={q}
            number={i + 1}
            answer={answers[String(i + 1)] ?? ''}
            detail={data.detail?.[String(i + 1)]}
            work={work}
            studentId={studentId}
            onDone={setSaved}
          />
        ))}
      </Stack>
    </Box>
  );
}
