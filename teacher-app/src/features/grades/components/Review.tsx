import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorState, LoadingState, MathText, NotFoundState } from '@kelasku/shared-ui';
import { formatScore } from '@kelasku/shared-ui/src/numbers';
import { OPTION_LETTERS, parseQuestions, type QuestionDetail, type SubmissionDetail } from '@kelasku/shared-api';
import { useGoBack } from '@kelasku/shared-ui/src/useGoBack';
import { parsePositiveInt } from '../../../lib/params';
import { EssayScoreForm } from './EssayScoreForm';
import { infoChipSx, warningChipSx } from '../../../lib/chip-styles';
import { workFromParams, workQuery, type WorkRef } from '../../../lib/work';
import { nextToReview } from '../queue';
import { sheetQuery, submissionsQuery, useScoreEssay } from '../api';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';
import { useChanged } from '@kelasku/shared-ui/src/useChanged';

/** The message key naming who scored an essay. */
const SOURCE_KEY = {
  local: 'grades.review.source.local',
  openai: 'grades.review.source.openai',
  teacher: 'grades.review.source.teacher',
} as const;

type EssayDetailOf = Extract<QuestionDetail, { kind: 'essay' }>;

function EssayDetail({
  detail,
  number,
  answered,
  onConfirm,
  confirming,
  failed,
}: {
  detail: EssayDetailOf;
  number: number;
  answered: boolean;
  onConfirm: () => void;
  /** The confirmation is on its way / its last try failed (the mutation's isPending / isError). */
  confirming: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation('teacher');
  // An automatic score counts for now; the student sees it as provisional until the teacher confirms or changes it.
  const unconfirmed = detail.source !== 'teacher' && !detail.pending && detail.score != null && answered;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mt: 1 }}>
      <Typography variant="body2">
        {t('grades.review.score')} <strong>{formatScore(detail.score)}</strong> / {formatScore(detail.max)}
        {detail.score != null &&
          ` ${t('grades.review.by', { source: detail.source in SOURCE_KEY ? t(SOURCE_KEY[detail.source]) : detail.source })}`}
      </Typography>
      {detail.pending && <Chip size="small" label={t('grades.marks.pending')} sx={warningChipSx} />}
      {unconfirmed && (
        <>
          <Chip size="small" label={t('grades.review.notConfirmed')} sx={infoChipSx} />
          <Button
            size="small"
            variant="contained"
            disabled={confirming}
            onClick={onConfirm}
            aria-label={confirming ? undefined : t('grades.review.confirmOf', { number })}
          >
            {confirming ? t('grades.review.confirming') : t('grades.review.confirm')}
          </Button>
        </>
      )}
      {failed && (
        <Typography variant="body2" color="error" role="alert">
          {t('grades.review.confirmFailed')}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * One essay's scoring: confirming its automatic score, or the teacher's own score and comment (each its own
 * mutation, so each shows its own progress and failure); `onDone` says what was saved.
 */
function EssayScoring({
  work,
  studentId,
  detail,
  number,
  answered,
  onDone,
}: {
  work: WorkRef;
  studentId: number;
  detail: EssayDetailOf;
  number: number;
  answered: boolean;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('teacher');
  const confirm = useScoreEssay(work, studentId);
  const save = useScoreEssay(work, studentId);
  return (
    <>
      <EssayDetail
        detail={detail}
        number={number}
        answered={answered}
        confirming={confirm.isPending}
        failed={confirm.isError}
        onConfirm={() =>
          confirm.mutate(
            { number, score: detail.score ?? 0 },
            { onSuccess: () => onDone(t('grades.review.confirmed', { number })) },
          )
        }
      />
      <EssayScoreForm
        key={`${number}-${detail.score ?? ''}-${detail.comment ?? ''}`}
        number={number}
        max={detail.max}
        current={detail.score}
        currentComment={detail.comment}
        saving={save.isPending}
        failed={save.isError}
        onSave={(score, comment) =>
          save.mutate(
            { number, score, comment },
            {
              onSuccess: (grade) => onDone(t('grades.review.saved', { number, total: formatScore(grade.score) })),
            },
          )
        }
      />
    </>
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
  const pendingCount = Object.values(data.detail ?? {}).filter((d) => d.kind === 'essay' && d.pending).length;
  const next = Array.isArray(list.data) ? nextToReview(list.data, studentId) : null;

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1, justifyContent: 'space-between', alignItems: 'center' }}>
        <Button onClick={goBack}>{t('grades.back')}</Button>
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
        ) : list.data ? (
          <Typography variant="body2" color="text.secondary">
            {t('grades.review.noNext')}
          </Typography>
        ) : null}
      </Stack>
      <PageTitle>{data.student.name}</PageTitle>
      <Typography color="text.secondary">
        {work.kind === 'exam'
          ? t('grades.review.subtitleExam', { nis: data.student.nis })
          : t('grades.review.subtitleExercise', { nis: data.student.nis })}
      </Typography>
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
      {saved && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSaved(null)}>
          {saved}
        </Alert>
      )}
      <Stack spacing={2}>
        {questions.map((q, i) => {
          const number = i + 1;
          const answer = answers[String(number)] ?? '';
          const detail = data.detail?.[String(number)];
          return (
            <Paper
              key={number}
              variant="outlined"
              component="section"
              aria-label={t('grades.review.question', { number })}
              sx={{ p: { xs: 1.5, sm: 2.5 } }}
            >
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 0.5 }}
              >
                <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                  {t('grades.review.question', { number })}
                </Typography>
                <Chip
                  size="small"
                  label={q.type === 'essay' ? t('grades.review.essay') : t('grades.review.multipleChoice')}
                />
                {detail?.kind === 'mc' && (
                  <Chip
                    size="small"
                    color={detail.correct ? 'success' : 'error'}
                    label={detail.correct ? t('grades.review.correct') : t('grades.review.incorrect')}
                  />
                )}
              </Stack>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <MathText text={q.text} />
              </Typography>
              {q.image && (
                <Box
                  component="img"
                  src={q.image}
                  alt={t('grades.review.image', { number })}
                  sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, mt: 1 }}
                />
              )}
              {q.type === 'mc' ? (
                <Box sx={{ mt: 1 }}>
                  <Typography variant="body2">
                    {t('grades.review.studentAnswer')}{' '}
                    <strong>{answer ? answer.toUpperCase() : t('grades.review.noAnswer')}</strong>
                    {answer && (
                      <MathText
                        text={` (${q.options[OPTION_LETTERS.indexOf(answer.toLowerCase() as (typeof OPTION_LETTERS)[number])] ?? ''})`}
                      />
                    )}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('grades.review.correctAnswer')}{' '}
                    {q.answer ? (
                      <MathText text={`${q.answer.toUpperCase()} (${q.options[OPTION_LETTERS.indexOf(q.answer)]})`} />
                    ) : (
                      '-'
                    )}
                  </Typography>
                </Box>
              ) : (
                <Box sx={{ mt: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t('grades.review.studentAnswer')}
                  </Typography>
                  <Typography
                    sx={{
                      whiteSpace: 'pre-wrap',
                      overflowWrap: 'anywhere',
                      bgcolor: 'grey.50',
                      p: 1.5,
                      borderRadius: 1,
                      mt: 0.5,
                    }}
                  >
                    {answer || t('grades.review.noAnswer')}
                  </Typography>
                  {q.essayAnswer && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
                      <strong>{t('grades.review.referenceAnswer')}</strong> {q.essayAnswer}
                    </Typography>
                  )}
                  {detail?.kind === 'essay' && (
                    <EssayScoring
                      work={work}
                      studentId={studentId}
                      detail={detail}
                      number={number}
                      answered={answer.trim() !== ''}
                      onDone={setSaved}
                    />
                  )}
                </Box>
              )}
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}
