import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import type { Exam, Grade, Question } from '@kelasku/shared-api';
import { publicIdsSeed, sheetOrder, type SheetOrder } from '@kelasku/shared-rules';
import { formatDateId, formatWibRange, formatWibTime } from '@kelasku/shared-ui/src/dates';
import { ErrorState, LoadFailure, LoadingState, NotFoundState, useUsableMark } from '@kelasku/shared-ui/src/states';
import { PageTitle } from '../../../components/PageTitle';
import { useGoBack } from '@kelasku/shared-ui/src/useGoBack';
import { formatScore } from '@kelasku/shared-ui/src/numbers';
import { currentStudentId, idParam } from '../../../lib/student';
import { AnswerSheetView, type SheetSubmission } from './AnswerSheetView';
import { SubmittedSheetView } from './SubmittedSheetView';
import { preloadable } from '@kelasku/shared-ui/src/preloadable';
import { formatCountdown } from '../exam-clock';
import type { AnswerSheetState } from '../hooks/useAnswerSheet';
import { useExamSheet } from '../hooks/useExamSheet';
import { useExamWindow } from '../hooks/useExamWindow';

/** The grade's dialog (MUI's dialog chunk) after the sheet's first screen; loaded right after it, offline too. */
const ScoreDialog = preloadable(() => import('./ScoreDialog').then((m) => m.ScoreDialog));
// Past exams of the class: below the current exam, never part of what the exam page needs first.
const PastExamsList = lazy(() => import('./PastExamsList').then((m) => ({ default: m.PastExamsList })));

const STATE_LABELS = {
  Scheduled: 'exam.state.scheduled',
  Active: 'exam.state.active',
  Completed: 'exam.state.completed',
  submitted: 'exam.state.submitted',
} as const;

function ExamHeader({ exam, state }: { exam: Exam; state: keyof typeof STATE_LABELS }) {
  const { t } = useTranslation('student');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, mb: 2 }}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Box>
          <Typography>{formatDateId(exam.start_time, { weekday: true })}</Typography>
          <Typography sx={{ fontWeight: 700 }}>{formatWibRange(exam.start_time, exam.end_time)}</Typography>
        </Box>
        <Chip
          label={t(STATE_LABELS[state])}
          color={state === 'Active' ? 'success' : state === 'submitted' ? 'primary' : 'default'}
          data-testid="exam-state"
        />
      </Stack>
    </Paper>
  );
}

/** Before the start: when it opens, and a countdown. */
function NotOpenYet({ exam, now }: { exam: Exam; now: number }) {
  const { t } = useTranslation('student');
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
      <Typography>{t('exam.notStarted', { time: formatWibTime(exam.start_time) })}</Typography>
      <Typography role="timer" aria-label={t('exam.untilOpen')} sx={{ fontSize: '2rem', fontWeight: 700, mt: 1 }}>
        {formatCountdown(Date.parse(exam.start_time) - now)}
      </Typography>
    </Paper>
  );
}

/** Inside the window: the time left, the other-device warning and the sheet (question 1 as soon as it is here). */
function ExamAnswering({
  exam,
  now,
  questions,
  order,
  sheet,
  otherDevice,
  submission,
}: {
  exam: Exam;
  now: number;
  questions: Question[];
  order: SheetOrder | undefined;
  sheet: AnswerSheetState;
  otherDevice: boolean;
  submission: SheetSubmission;
}) {
  const { t } = useTranslation('student');
  const timeLeft = (
    <Box component="strong" role="timer" aria-label={t('exam.timeLeft')}>
      {formatCountdown(Date.parse(exam.end_time) - now)}
    </Box>
  );
  return (
    <>
      {/* The time left sits in the sheet's pinned bar once the questions are here. */}
      <Alert severity="info" icon={false} sx={{ mb: 2 }}>
        {questions.length === 0 ? (
          <>
            {t('exam.timeLeftLabel')} {timeLeft} —{' '}
            {t('exam.autoSubmitAtAfterTimer', { time: formatWibTime(exam.end_time) })}
          </>
        ) : (
          t('exam.autoSubmitAt', { time: formatWibTime(exam.end_time) })
        )}
      </Alert>
      {(otherDevice || sheet.queueState.kind === 'other-device') && (
        <Alert severity="warning" role="alert" data-testid="other-device" sx={{ mb: 2 }}>
          {t('saveStatus.otherDevice')}
        </Alert>
      )}
      {questions.length === 0 ? (
        <LoadingState text={t('exam.loading')} />
      ) : (
        <AnswerSheetView
          kind="exam"
          questions={questions}
          answers={sheet.answers}
          queueState={sheet.queueState}
          locked={sheet.queueState.kind === 'locked'}
          onAnswer={(n, value, { essay }) => sheet.setAnswer(n, value, { essay })}
          submission={submission}
          order={order}
          timer={
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <TimerOutlined fontSize="small" aria-hidden="true" />
              {timeLeft}
            </Stack>
          }
        />
      )}
    </>
  );
}

/** Handed in, or closed: the score (or "closed"), and the sheet as handed in. */
function ExamOutcome({
  questions,
  order,
  sheet,
  phase,
  score,
  grade,
  autoError,
}: {
  questions: Question[];
  order: SheetOrder | undefined;
  sheet: AnswerSheetState;
  phase: string | undefined;
  score: number | null | undefined;
  grade: Grade | undefined;
  autoError: string | null;
}) {
  const { t } = useTranslation('student');
  return (
    <>
      {(sheet.phase === 'submitted' || (phase === 'Completed' && sheet.phase !== 'loading')) && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          {autoError && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {autoError}
            </Alert>
          )}
          {sheet.phase === 'submitted' || score !== undefined ? (
            <>
              <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                {t('exam.submitted')}
              </Typography>
              <Typography sx={{ mt: 1 }}>{t('exam.yourScore', { score: formatScore(score) })}</Typography>
            </>
          ) : (
            <Typography>{t('exam.closed')}</Typography>
          )}
        </Paper>
      )}
      {sheet.phase === 'submitted' && (
        // Right/wrong and essay scores only once the window has ended (the server hides them until then too).
        <SubmittedSheetView
          questions={questions}
          answers={sheet.answers}
          grade={grade}
          resultsShown={phase === 'Completed'}
          order={order}
        />
      )}
    </>
  );
}

/**
 * This student's own order, from the seed the server gave with the read (the same on every device and after a
 * reload); answers keep the original numbers. A server too old to send a seed shuffled by the public ids.
 */
function useStudentOrder(exam: Exam | null, studentId: number | undefined, count: number) {
  return useMemo(
    () =>
      exam && studentId
        ? sheetOrder(exam.order_seed ?? publicIdsSeed('exam', exam.id, studentId), count, exam)
        : undefined,
    [exam, studentId, count],
  );
}

/** /MyExams?class_id= — the class's exam: its WIB window and state; answering while it is open; the score after. */
export default function ExamPage() {
  const { t } = useTranslation('student');
  const [search] = useSearchParams();
  const classId = idParam(search.get('class_id'));
  // a past (closed) exam of the class, by its id: its result; without one, the class's current exam
  const examId = idParam(search.get('exam_id'));
  const studentId = currentStudentId();
  const goBack = useGoBack('/MyClassesExam');
  const { examLoad, exam, offset, now, phase, questions, setOwnEnd } = useExamWindow(classId, examId);
  const order = useStudentOrder(exam, studentId, questions.length);
  const { sheet, otherDevice, storedGrade, submit, autoNote, autoError } = useExamSheet({
    exam,
    phase,
    studentId,
    offset,
    now,
    onOwnEnd: setOwnEnd,
  });
  const grade = submit.data ?? null;

  const loading = examLoad.loading && !exam;
  // Usable once nothing is loading any more: question 1 answerable, or the page's final word (not open yet, done…).
  const sheetLoading = Boolean(
    exam && phase !== 'Scheduled' && sheet.phase === 'loading' && !(phase === 'Active' && sheet.answerable),
  );
  const questionsLoading = Boolean(exam && phase === 'Active' && sheet.answerable && questions.length === 0);
  const usable = !loading && !sheetLoading && !questionsLoading;
  useUsableMark(usable);
  // Once usable, not before: the grade's dialog must not delay the first question.
  useEffect(() => {
    if (usable) void ScoreDialog.preload().catch(() => undefined);
  }, [usable]);
  const viewState = sheet.phase === 'submitted' ? 'submitted' : phase;

  return (
    <>
      <Button onClick={goBack} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('exam.back')}
      </Button>
      <PageTitle>{exam?.title ?? t('exam.title')}</PageTitle>
      {loading && <LoadingState text={t('exam.loading')} />}
      {!classId && (
        <NotFoundState message={t('exam.noClass')} backTo="/MyClassesExam" backLabel={t('exam.backToExams')} />
      )}
      {classId && !loading && examLoad.error !== undefined && !exam && (
        <LoadFailure
          error={examLoad.error}
          what={t('what.class')}
          failed={t('exam.failed')}
          onRetry={examLoad.reload}
          backTo="/MyClassesExam"
          backLabel={t('exam.backToExams')}
        />
      )}
      {!loading && !examLoad.error && examLoad.data && !exam && <Alert severity="info">{t('exam.none')}</Alert>}
      {exam && viewState && <ExamHeader exam={exam} state={viewState} />}
      {exam && phase === 'Scheduled' && <NotOpenYet exam={exam} now={now} />}
      {sheetLoading && <LoadingState text={t('exam.loading')} />}
      {exam && phase !== 'Scheduled' && sheet.phase === 'error' && (
        <ErrorState message={t('exam.sheetError')} onRetry={sheet.reload} />
      )}
      {exam && phase === 'Active' && sheet.answerable && (
        <ExamAnswering
          exam={exam}
          now={now}
          questions={questions}
          order={order}
          sheet={sheet}
          otherDevice={otherDevice}
          submission={submit}
        />
      )}
      {exam && !grade && (
        <ExamOutcome
          questions={questions}
          order={order}
          sheet={sheet}
          phase={phase}
          score={storedGrade.data?.score ?? sheet.sheet?.score}
          grade={storedGrade.data ?? undefined}
          autoError={autoError}
        />
      )}
      {classId && !loading && (
        <Suspense fallback={null}>
          <PastExamsList classId={classId} currentExamId={exam?.id} />
        </Suspense>
      )}
      {(grade || ScoreDialog.isLoaded()) && (
        <Suspense fallback={null}>
          <ScoreDialog grade={grade} note={autoNote} onClose={goBack} />
        </Suspense>
      )}
    </>
  );
}
