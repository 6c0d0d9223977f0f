import { Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pictureProps, webpCandidates } from '@kelasku/shared-ui/src/pictures';
import i18next from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Apps from '@mui/icons-material/Apps';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import type { UseMutationResult } from '@tanstack/react-query';
import { OPTION_LETTERS, type Answers, type Grade, type Question, type QuestionDetail } from '@kelasku/shared-api';
import { preloadable } from '@kelasku/shared-ui/src/preloadable';
import { originalOrder, type SheetOrder } from '@kelasku/shared-rules';
import type { QueueState } from '../answer-queue';
import { QuestionGrid } from './QuestionGrid';
import { QuestionPanel } from './QuestionPanel';
import { SaveStatus } from './SaveStatus';
import { SUBMIT_TEXTS, type WorkKind } from '../texts';
import { formatScore } from '@kelasku/shared-ui/src/numbers';
import { MathText } from '@kelasku/shared-ui/src/formula/MathText';

/**
 * The submit confirmation (MUI's dialog chunk) is no part of the sheet's first screen: loaded right after it, so it is
 * there (and in the service worker's cache) before the student can ask for it, offline too.
 */
const ConfirmDialog = preloadable(() => import('@kelasku/shared-ui/src/ConfirmDialog').then((m) => m.ConfirmDialog));
/** The phone's question list slides up in a drawer: MUI's modal parts load when it is first opened. */
const QuestionListDrawer = preloadable(() => import('@mui/material/Drawer').then((m) => m.default));
const preloadQuestionList = () => void QuestionListDrawer.preload().catch(() => undefined); // offline: the open tries again

/** The question list's drawer, mounted from its first open on (so that closing slides it away). */
function PhoneQuestionList({
  open,
  onClose,
  label,
  children,
}: {
  open: boolean;
  onClose: () => void;
  label: string;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <QuestionListDrawer
        anchor="bottom"
        open={open}
        onClose={onClose}
        slotProps={{ paper: { role: 'dialog', 'aria-label': label } }}
      >
        {children}
      </QuestionListDrawer>
    </Suspense>
  );
}

/** A TanStack mutation that hands the sheet in: the bar and the dialog show its pending state and its failure. */
export type SheetSubmission = Pick<UseMutationResult<unknown, Error, void>, 'mutate' | 'isPending' | 'error'>;

export interface AnswerSheetViewProps {
  kind: WorkKind;
  questions: Question[];
  answers: Answers;
  queueState: QueueState;
  /** No more changes (exam closed, sheet locked). */
  locked?: boolean;
  onAnswer: (n: number, value: string, options: { essay: boolean }) => void;
  /** Handing the sheet in (useSubmitSheet): its failure's message is shown; the dialog closes once it settled. */
  submission: SheetSubmission;
  /** Shown first in the pinned bar (the exam's time left). */
  timer?: ReactNode;
  /**
   * This student's order of questions and options (shared-rules sheetOrder). Positions on screen (the grid, Question
   * n of N, letters A–D) follow it; answers are saved under the original number and letter. Default: original order.
   */
  order?: SheetOrder;
}

const isAnswered = (answers: Answers, n: number) => Boolean((answers[String(n)] ?? '').trim());

/** "2 of 10 questions unanswered: 4, 7" — or null when every question has an answer. */
export function unansweredText(total: number, isDone: (n: number) => boolean): string | null {
  const open = Array.from({ length: total }, (_, i) => i + 1).filter((n) => !isDone(n));
  return open.length
    ? i18next.t('student:sheet.unanswered', { open: open.length, total, numbers: open.join(', ') })
    : null;
}

/** Taking a task or exam: one question at a time, the number grid, Previous/Next, the save state and Submit. */
export function AnswerSheetView({
  kind,
  questions,
  answers,
  queueState,
  locked = false,
  onAnswer,
  submission,
  timer,
  order,
}: AnswerSheetViewProps) {
  const { t } = useTranslation('student');
  // `current` is the position on screen; `number` the original question number shown there.
  const [current, setCurrent] = useState(1);
  const [gridOpen, setGridOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const submitting = submission.isPending;
  const submitError =
    submission.error && (submission.error instanceof Error ? submission.error.message : t('submit.errors.failed'));
  useEffect(() => {
    void ConfirmDialog.preload().catch(() => undefined);
  }, []);
  const total = questions.length;
  const sheetOrder = order && order.questions.length === total ? order : originalOrder(total);
  const numberAt = (position: number) => sheetOrder.questions[position - 1];
  const answeredAt = (position: number) => isAnswered(answers, numberAt(position));
  const number = numberAt(current);
  const question = questions[number - 1];
  const texts = SUBMIT_TEXTS[kind];
  const answeredCount = questions.filter((_, i) => isAnswered(answers, i + 1)).length;
  const unanswered = unansweredText(total, answeredAt);
  const nextImage = current < total ? questions[numberAt(current + 1) - 1]?.image : undefined;
  // The first paint shows the question alone; the number grid (one button per question) follows in a background
  // render, so a long exam does not hold up the first question.
  const gridCount = useDeferredValue(total, 0);

  // Once this question is on screen, fetch the next question's picture in the background so Next shows it at once
  // (pictures are cacheable files, not part of the exam JSON).
  useEffect(() => {
    if (!nextImage || nextImage.startsWith('data:')) return;
    const timer = setTimeout(() => {
      // The copy the question will show (its <picture> takes the WebP candidates first, with these sizes), so it is
      // the one in the cache.
      const { src, srcSet, sizes } = pictureProps(nextImage);
      const candidates = webpCandidates(nextImage) || srcSet;
      const img = new Image();
      img.decoding = 'async';
      if (candidates && sizes) {
        img.sizes = sizes;
        img.srcset = candidates;
      }
      img.src = src;
    }, 500);
    return () => clearTimeout(timer);
  }, [nextImage]);

  const submit = () => submission.mutate(undefined, { onSettled: () => setConfirming(false) });

  if (!question) return <Alert severity="info">{t(texts.noQuestions)}</Alert>;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 260px' },
        alignItems: 'start',
      }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <QuestionPanel
          number={current}
          total={total}
          question={question}
          value={answers[String(number)] ?? ''}
          disabled={locked}
          optionOrder={sheetOrder.options(number)}
          onChoose={(letter) => onAnswer(number, letter, { essay: false })}
          onEssayChange={(text) => onAnswer(number, text, { essay: true })}
        />
        <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 2 }}>
          <Button startIcon={<NavigateBefore />} disabled={current <= 1} onClick={() => setCurrent((c) => c - 1)}>
            {t('sheet.previous')}
          </Button>
          <Button endIcon={<NavigateNext />} disabled={current >= total} onClick={() => setCurrent((c) => c + 1)}>
            {t('sheet.next')}
          </Button>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, position: { md: 'sticky' }, top: { md: 16 } }}>
        <Typography component="h2" variant="subtitle2" sx={{ mb: 1 }}>
          {t('sheet.answeredCount', { answered: answeredCount, total })}
        </Typography>
        <QuestionGrid count={gridCount} current={current} isAnswered={answeredAt} onSelect={setCurrent} />
      </Paper>
      {/* Pinned to the bottom of the screen while the sheet is on it: time, save state, the grid and Submit never
          scroll away on a phone. It sits in the page flow (sticky), so at the end of the page it covers nothing. */}
      <Paper
        component="section"
        aria-label={t('sheet.bar')}
        data-testid="sheet-bar"
        elevation={4}
        sx={{
          gridColumn: '1 / -1',
          position: 'sticky',
          bottom: 0,
          zIndex: 2,
          px: 1.5,
          py: 1,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: 1,
          rowGap: 1,
        }}
      >
        {/* Phone: time and save state on one line, the two buttons side by side below; wider: all on one line. */}
        {timer && <Box sx={{ fontWeight: 700, mr: 1 }}>{timer}</Box>}
        <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
          <SaveStatus state={queueState} />
        </Box>
        <Box aria-hidden="true" sx={{ flexBasis: '100%', height: 0, display: { md: 'none' } }} />
        <Button
          variant="outlined"
          startIcon={<Apps />}
          aria-haspopup="dialog"
          onClick={() => setGridOpen(true)}
          onPointerDown={preloadQuestionList}
          onFocus={preloadQuestionList}
          sx={{ flex: 1, display: { md: 'none' } }}
        >
          {t('sheet.questions')}
        </Button>
        <Button
          variant="contained"
          sx={{ flex: { xs: 1, md: 'none' } }}
          disabled={submitting}
          onClick={() => setConfirming(true)}
        >
          {t('sheet.submit')}
        </Button>
        {submitError && (
          <Alert severity="error" sx={{ flexBasis: '100%' }}>
            {submitError}
          </Alert>
        )}
      </Paper>
      <PhoneQuestionList open={gridOpen} onClose={() => setGridOpen(false)} label={t('sheet.questionList')}>
        <Box sx={{ p: 2, pb: 3 }}>
          <Typography component="h2" variant="subtitle2" sx={{ mb: 1 }}>
            {t('sheet.answeredCount', { answered: answeredCount, total })}
          </Typography>
          <QuestionGrid
            count={total}
            current={current}
            isAnswered={answeredAt}
            onSelect={(n) => {
              setCurrent(n);
              setGridOpen(false);
            }}
          />
        </Box>
      </PhoneQuestionList>
      {(confirming || ConfirmDialog.isLoaded()) && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            title={t(texts.title)}
            message={
              <>
                <Box component="span" sx={{ display: 'block' }}>
                  {t(texts.message)}
                </Box>
                {unanswered && (
                  <Box component="span" sx={{ display: 'block', mt: 1, fontWeight: 700 }}>
                    {unanswered}
                  </Box>
                )}
              </>
            }
            confirmLabel={submitting ? t('sheet.submitting') : t('sheet.confirmSubmit')}
            busy={submitting}
            onConfirm={submit}
            onClose={() => !submitting && setConfirming(false)}
          />
        </Suspense>
      )}
    </Box>
  );
}

export interface SubmittedSheetViewProps {
  questions: Question[];
  answers: Answers;
  /** The grade as the server shows it to the student (undefined while it loads or before grading). */
  grade: Grade | undefined;
  /**
   * Whether per-question results may be shown: exams only once the window has ended for everyone (the server hides
   * which answers were right until then, see policy seesCorrectness); exercises always.
   */
  resultsShown: boolean;
  /** The student's own order of questions and options, as they answered (default: the original order). */
  order?: SheetOrder;
}

type EssayDetail = Extract<QuestionDetail, { kind: 'essay' }> & { comment?: string };

function detailOf(grade: Grade | undefined, n: number): QuestionDetail | undefined {
  const d = grade?.detail?.[String(n)];
  return d && typeof d === 'object' && 'kind' in d ? d : undefined;
}

const isPendingEssay = (d: QuestionDetail | undefined) => d?.kind === 'essay' && (d.pending || d.score == null);

/** The chosen option as the student saw it: the letter of its place on their screen, and its text. */
function optionLabel(question: Question, answer: string, optionOrder = [0, 1, 2, 3]): string {
  const i = OPTION_LETTERS.indexOf(answer.trim().toLowerCase() as (typeof OPTION_LETTERS)[number]);
  const shown = optionOrder.indexOf(i);
  return i < 0 || shown < 0 ? answer : `${OPTION_LETTERS[shown].toUpperCase()}. ${question.options[i]}`;
}

function EssayResult({ detail, answered }: { detail: EssayDetail; answered: boolean }) {
  const { t } = useTranslation('student');
  if (isPendingEssay(detail)) {
    return <Chip size="small" color="warning" variant="outlined" label={t('submitted.essayPending')} sx={{ mt: 1 }} />;
  }
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2">
        {t('submitted.score')} <strong>{formatScore(detail.score)}</strong> / {formatScore(detail.max)}
        {detail.source === 'teacher' ? ` ${t('submitted.byTeacher')}` : ''}
      </Typography>
      {/* An automatic score counts, but the teacher may still change it (a blank answer's 0 is final). */}
      {detail.source !== 'teacher' && answered && (
        <Chip
          size="small"
          variant="outlined"
          label={t('submitted.provisional')}
          sx={{
            mt: 0.5,
            color: '#0d47a1',
            borderColor: '#90caf9',
            maxWidth: '100%',
            height: 'auto',
            '& .MuiChip-label': { whiteSpace: 'normal' },
          }}
        />
      )}
      {detail.comment && (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <strong>{t('submitted.comment')}</strong> {detail.comment}
        </Typography>
      )}
    </Box>
  );
}

/** A submitted sheet: every question with the student's answer and, once allowed, right/wrong and essay scores. */
export function SubmittedSheetView({ questions, answers, grade, resultsShown, order }: SubmittedSheetViewProps) {
  const { t } = useTranslation('student');
  const reviewOrder = order && order.questions.length === questions.length ? order : originalOrder(questions.length);
  const shown = resultsShown && grade !== undefined;
  const pendingEssays = shown ? questions.filter((_, i) => isPendingEssay(detailOf(grade, i + 1))).length : 0;
  return (
    <Box component="section" aria-label={t('submitted.title')} sx={{ mt: 2 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('submitted.title')}
      </Typography>
      {!resultsShown && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('submitted.resultsLater')}
        </Alert>
      )}
      {grade?.key_change && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="key-change-note">
          {t('submitted.keyChanged', { from: formatScore(grade.key_change.from), to: formatScore(grade.score) })}
        </Alert>
      )}
      {pendingEssays > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('submitted.essaysPending', { count: pendingEssays })}
        </Alert>
      )}
      <Stack spacing={1.5}>
        {reviewOrder.questions.map((n, i) => {
          const q = questions[n - 1];
          const position = i + 1;
          const answer = answers[String(n)] ?? '';
          const detail = shown ? detailOf(grade, n) : undefined;
          return (
            <Paper
              key={n}
              variant="outlined"
              component="section"
              aria-label={t('submitted.question', { number: position })}
              sx={{ p: { xs: 1.5, sm: 2 } }}
            >
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
              >
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {t('submitted.question', { number: position })}
                </Typography>
                {detail?.kind === 'mc' && (
                  <Chip
                    size="small"
                    color={detail.correct ? 'success' : 'error'}
                    label={detail.correct ? t('submitted.correct') : t('submitted.incorrect')}
                  />
                )}
              </Stack>
              {q.image && (
                <Box
                  component="img"
                  src={q.image}
                  alt={t('sheet.question.picture', { number: position })}
                  loading="lazy"
                  decoding="async"
                  sx={{
                    display: 'block',
                    maxWidth: '100%',
                    maxHeight: 320,
                    objectFit: 'contain',
                    my: 1,
                    borderRadius: 1,
                  }}
                />
              )}
              <Typography sx={{ my: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <MathText text={q.text} />
              </Typography>
              {q.type === 'mc' ? (
                <>
                  <Typography variant="body2">
                    {t('submitted.yourAnswer')}{' '}
                    <strong>
                      {answer.trim() ? (
                        <MathText text={optionLabel(q, answer, reviewOrder.options(n))} />
                      ) : (
                        t('submitted.noAnswer')
                      )}
                    </strong>
                  </Typography>
                  {/* The key comes only when the teacher shows the answers of an ended exam (or never, for students). */}
                  {resultsShown && q.answer && (
                    <Typography variant="body2" data-testid="correct-answer">
                      {t('submitted.correctAnswer')}{' '}
                      <strong>
                        <MathText text={optionLabel(q, q.answer, reviewOrder.options(n))} />
                      </strong>
                    </Typography>
                  )}
                </>
              ) : (
                <>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t('submitted.yourAnswer')}
                  </Typography>
                  <Typography
                    sx={{
                      whiteSpace: 'pre-wrap',
                      overflowWrap: 'anywhere',
                      bgcolor: 'grey.50',
                      p: 1,
                      borderRadius: 1,
                      mt: 0.5,
                    }}
                  >
                    {answer.trim() ? answer : t('submitted.noAnswer')}
                  </Typography>
                  {detail?.kind === 'essay' && <EssayResult detail={detail} answered={answer.trim() !== ''} />}
                </>
              )}
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}
