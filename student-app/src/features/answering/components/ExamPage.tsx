import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { examsApi, parseQuestions, type Exam, type Grade } from '@kelasku/shared-api';
import { publicIdsSeed, sheetOrder } from '@kelasku/shared-rules';
import { formatDateId, formatWibRange, formatWibTime } from '@kelasku/shared-ui/src/dates';
import { ErrorState, LoadFailure, LoadingState, NotFoundState, useUsableMark } from '@kelasku/shared-ui/src/states';
import { PageTitle } from '../../../components/PageTitle';
import { useGoBack } from '@kelasku/shared-ui/src/useGoBack';
import { formatScore } from '@kelasku/shared-ui/src/numbers';
import { currentStudentId, idParam } from '../../../lib/student';
import { AnswerSheetView, SubmittedSheetView } from './AnswerSheetView';
import { preloadable } from '@kelasku/shared-ui/src/preloadable';
import { clockOffset, formatCountdown, useServerNow, windowPhase } from '../exam-clock';
import { arrivedClassExams, type ClassExams } from '../exam-prefetch';
import { flushThenGrade } from '../submit';
import { useAnswerSheet } from '../hooks/useAnswerSheet';
import { useClassExams } from '../hooks/useClassExams';
import { useExamHeartbeat } from '../hooks/useExamHeartbeat';
import { invalidateAfterSubmit, storedGradeQuery } from '../api';

/** The grade's dialog (MUI's dialog chunk) after the sheet's first screen; loaded right after it, offline too. */
const ScoreDialog = preloadable(() => import('./ScoreDialog').then((m) => m.ScoreDialog));
// Past exams of the class: below the current exam, never part of what the exam page needs first.
const PastExamsList = lazy(() => import('./PastExamsList').then((m) => ({ default: m.PastExamsList })));

/** Submit this long before the end so the last answers still reach the server inside the window. */
const AUTO_SUBMIT_LEAD_MS = 2000;

const STATE_LABELS = {
  Scheduled: 'exam.state.scheduled', Active: 'exam.state.active', Completed: 'exam.state.completed', submitted: 'exam.state.submitted',
} as const;

function ExamHeader({ exam, state }: { exam: Exam; state: keyof typeof STATE_LABELS }) {
  const { t } = useTranslation('student');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, mb: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: "space-between", alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
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

/** The class's exam (the first of its list) and the server's clock minus this device's. */
function examOf({ list, receivedAt }: ClassExams) {
  const exam = list[0] ?? null;
  return { exam, offset: clockOffset(exam?.server_time, receivedAt) };
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
  const [grade, setGrade] = useState<Grade | null>(null);
  const [autoNote, setAutoNote] = useState<string | undefined>();
  const [autoError, setAutoError] = useState<string | null>(null);
  const autoSubmitted = useRef(false);

  const queryClient = useQueryClient();
  // Usually already on its way: started when the class was pressed on My Exams, or with this screen's code.
  const classExams = useClassExams(classId, examId);
  const loadedExam = useMemo(() => classExams.data && examOf(classExams.data), [classExams.data]);
  const examLoad = { ...classExams, data: loadedExam };
  // Already here (usual when the exam is opened directly): shown in the first render, not after a loading state. The
  // load above takes the same answer; from its first result on, only the load counts.
  const [arrived] = useState(() => (classId && !examId ? { classId, data: arrivedClassExams(classId) } : undefined));
  const loadSettled = useRef(false);
  if (examLoad.data !== undefined || examLoad.error !== undefined) loadSettled.current = true;
  const earlyData = !loadSettled.current && arrived?.data && arrived.classId === classId ? examOf(arrived.data) : undefined;
  const examData = examLoad.data ?? earlyData;
  // The proctor may give this student extra minutes: their own end comes with each heartbeat and moves the clock.
  const [ownEnd, setOwnEnd] = useState<string | null>(null);
  const loadedEnd = examData?.exam ?? null;
  const exam = useMemo(
    () => (loadedEnd && ownEnd && Date.parse(ownEnd) > Date.parse(loadedEnd.end_time) ? { ...loadedEnd, end_time: ownEnd } : loadedEnd),
    [loadedEnd, ownEnd],
  );
  const now = useServerNow(examData?.offset ?? 0);
  const phase = exam ? windowPhase(exam, now) : undefined;
  const questions = useMemo(() => parseQuestions(exam?.content), [exam]);
  // This student's own order, from the seed the server gave with the read (the same on every device and after a
  // reload); answers keep the original numbers. A server too old to send a seed shuffled by the public ids.
  const order = useMemo(
    () => (exam && studentId
      ? sheetOrder(exam.order_seed ?? publicIdsSeed('exam', exam.id, studentId), questions.length, exam)
      : undefined),
    [exam, studentId, questions.length],
  );

  // The server hides the questions until the start: fetch again once the window opens.
  const { reload: reloadExam } = examLoad;
  useEffect(() => {
    if (phase === 'Active' && exam && questions.length === 0 && exam.status === 'Scheduled') reloadExam();
  }, [phase, exam, questions.length, reloadExam]);

  const sheet = useAnswerSheet({
    kind: 'exam',
    itemId: exam?.id,
    studentId,
    api: examsApi.answers,
    enabled: Boolean(exam) && phase !== 'Scheduled',
    // Fixed per loaded exam: a closed exam is only looked at, never given a new sheet.
    create: exam?.status !== 'Completed',
    // Question 1 is usable as soon as the exam is here; the sheet is fetched (or created) meanwhile and the answers
    // given until then are sent once it exists. The server still decides: a refused save shows as today.
    answerWhileLoading: exam?.status !== 'Completed',
    // Answer times on the server's clock: devices whose clocks differ still merge by which answer was given last.
    clockOffset: examData?.offset,
  });
  const { otherDevice, endChecked } = useExamHeartbeat({
    sheetId: sheet.phase === 'open' ? sheet.sheet?.id ?? null : null,
    queueState: sheet.queueState,
    // also past the exam's end: this student may have extra minutes
    active: phase !== undefined && phase !== 'Scheduled',
    endMs: exam ? Date.parse(exam.end_time) : null,
    onEnd: setOwnEnd,
  });
  const storedGrade = useQuery({
    ...storedGradeQuery('exam', exam?.id ?? 0, studentId ?? 0, phase === 'Completed'),
    enabled: Boolean(exam && studentId) && (sheet.phase === 'submitted' || phase === 'Completed'),
  });

  const submitNow = async () => {
    if (!exam || !studentId) return;
    const result = await flushThenGrade(
      sheet.flush,
      () => examsApi.calculateGrade(exam.id, studentId),
      async () => (await examsApi.grade(exam.id, studentId))[0],
    );
    sheet.markSubmitted();
    invalidateAfterSubmit(queryClient);
    setGrade(result);
  };

  // At the end time an open exam is submitted from here too (the server also submits it on its own).
  useEffect(() => {
    if (!exam || sheet.phase !== 'open' || autoSubmitted.current) return;
    if (now < Date.parse(exam.end_time) - AUTO_SUBMIT_LEAD_MS) return;
    if (!endChecked) return; // the first heartbeat may bring this student's own, later end
    autoSubmitted.current = true;
    setAutoNote(t('exam.autoSubmitted'));
    submitNow().catch((err: unknown) => {
      sheet.markSubmitted();
      setAutoError(err instanceof Error ? err.message : t('exam.autoSubmitted'));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [now, exam, sheet.phase, endChecked]);

  const loading = examLoad.loading && !exam;
  // Usable once nothing is loading any more: question 1 answerable, or the page's final word (not open yet, done…).
  const sheetLoading = Boolean(exam && phase !== 'Scheduled' && sheet.phase === 'loading' && !(phase === 'Active' && sheet.answerable));
  const questionsLoading = Boolean(exam && phase === 'Active' && sheet.answerable && questions.length === 0);
  const usable = !loading && !sheetLoading && !questionsLoading;
  useUsableMark(usable);
  // Once usable, not before: the grade's dialog must not delay the first question.
  useEffect(() => {
    if (usable) void ScoreDialog.preload().catch(() => undefined);
  }, [usable]);
  const viewState = sheet.phase === 'submitted' ? 'submitted' : phase;
  const score = grade?.score ?? storedGrade.data?.score ?? sheet.sheet?.score;
  const timeLeft = exam && (
    <Box component="strong" role="timer" aria-label={t('exam.timeLeft')}>{formatCountdown(Date.parse(exam.end_time) - now)}</Box>
  );

  return (
    <>
      <Button onClick={goBack} startIcon={<ArrowBack />} sx={{ mb: 1 }}>{t('exam.back')}</Button>
      <PageTitle>{exam?.title ?? t('exam.title')}</PageTitle>
      {loading && <LoadingState text={t('exam.loading')} />}
      {!classId && <NotFoundState message={t('exam.noClass')} backTo="/MyClassesExam" backLabel={t('exam.backToExams')} />}
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
      {!loading && !examLoad.error && examLoad.data && !exam && (
        <Alert severity="info">{t('exam.none')}</Alert>
      )}
      {exam && viewState && <ExamHeader exam={exam} state={viewState} />}

      {exam && phase === 'Scheduled' && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography>{t('exam.notStarted', { time: formatWibTime(exam.start_time) })}</Typography>
          <Typography role="timer" aria-label={t('exam.untilOpen')} sx={{ fontSize: '2rem', fontWeight: 700, mt: 1 }}>
            {formatCountdown(Date.parse(exam.start_time) - now)}
          </Typography>
        </Paper>
      )}

      {exam && phase !== 'Scheduled' && sheet.phase === 'loading' && !(phase === 'Active' && sheet.answerable) && (
        <LoadingState text={t('exam.loading')} />
      )}
      {exam && phase !== 'Scheduled' && sheet.phase === 'error' && (
        <ErrorState message={t('exam.sheetError')} onRetry={sheet.reload} />
      )}

      {exam && phase === 'Active' && sheet.answerable && (
        <>
          {/* The time left sits in the sheet's pinned bar once the questions are here. */}
          <Alert severity="info" icon={false} sx={{ mb: 2 }}>
            {questions.length === 0 ? (
              <>{t('exam.timeLeftLabel')} {timeLeft} — {t('exam.autoSubmitAtAfterTimer', { time: formatWibTime(exam.end_time) })}</>
            ) : (
              t('exam.autoSubmitAt', { time: formatWibTime(exam.end_time) })
            )}
          </Alert>
          {(otherDevice || sheet.queueState.kind === 'other-device') && (
            <Alert severity="warning" role="alert" data-testid="other-device" sx={{ mb: 2 }}>{t('saveStatus.otherDevice')}</Alert>
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
              onSubmit={submitNow}
              order={order}
              timer={<Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}><TimerOutlined fontSize="small" aria-hidden="true" />{timeLeft}</Stack>}
            />
          )}
        </>
      )}

      {exam && (sheet.phase === 'submitted' || (phase === 'Completed' && sheet.phase !== 'loading')) && !grade && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          {autoError && <Alert severity="warning" sx={{ mb: 2 }}>{autoError}</Alert>}
          {sheet.phase === 'submitted' || score !== undefined ? (
            <>
              <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>{t('exam.submitted')}</Typography>
              <Typography sx={{ mt: 1 }}>{t('exam.yourScore', { score: formatScore(score) })}</Typography>
            </>
          ) : (
            <Typography>{t('exam.closed')}</Typography>
          )}
        </Paper>
      )}
      {exam && sheet.phase === 'submitted' && !grade && (
        // Right/wrong and essay scores only once the window has ended (the server hides them until then too).
        <SubmittedSheetView questions={questions} answers={sheet.answers} grade={storedGrade.data ?? undefined} resultsShown={phase === 'Completed'} order={order} />
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
