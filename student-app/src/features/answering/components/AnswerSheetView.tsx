import { useDeferredValue, useEffect, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import type { UseMutationResult } from '@tanstack/react-query';
import type { Answers, Question } from '@kelasku/shared-api';
import { originalOrder, type SheetOrder } from '@kelasku/shared-rules';
import type { QueueState } from '../answer-queue';
import { useNextPicturePrefetch } from '../hooks/useNextPicturePrefetch';
import { QuestionGrid } from './QuestionGrid';
import { AnsweredCount, QuestionListDrawer } from './QuestionListDrawer';
import { QuestionPanel } from './QuestionPanel';
import { SheetBar } from './SheetBar';
import { preloadSubmitConfirmation, SubmitConfirmation, submitConfirmationLoaded } from './SubmitConfirmation';
import { SUBMIT_TEXTS, type WorkKind } from '../texts';

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

interface CurrentQuestionProps {
  /** Its place on screen (1-based) and the number of questions. */
  position: number;
  total: number;
  /** Its original number (what answers are saved under). */
  number: number;
  question: Question;
  value: string;
  locked: boolean;
  optionOrder: number[];
  onAnswer: AnswerSheetViewProps['onAnswer'];
  /** Moves to another position (Previous/Next). */
  onMove: Dispatch<SetStateAction<number>>;
}

/** The question on screen, with Previous and Next. */
function CurrentQuestion({
  position,
  total,
  number,
  question,
  value,
  locked,
  optionOrder,
  onAnswer,
  onMove,
}: CurrentQuestionProps) {
  const { t } = useTranslation('student');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <QuestionPanel
        number={position}
        total={total}
        question={question}
        value={value}
        disabled={locked}
        optionOrder={optionOrder}
        onChoose={(letter) => onAnswer(number, letter, { essay: false })}
        onEssayChange={(text) => onAnswer(number, text, { essay: true })}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 2 }}>
        <Button startIcon={<NavigateBefore />} disabled={position <= 1} onClick={() => onMove((c) => c - 1)}>
          {t('sheet.previous')}
        </Button>
        <Button endIcon={<NavigateNext />} disabled={position >= total} onClick={() => onMove((c) => c + 1)}>
          {t('sheet.next')}
        </Button>
      </Stack>
    </Paper>
  );
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
  useEffect(() => {
    void preloadSubmitConfirmation().catch(() => undefined);
  }, []);
  const total = questions.length;
  const sheetOrder = order && order.questions.length === total ? order : originalOrder(total);
  const numberAt = (position: number) => sheetOrder.questions[position - 1];
  const answeredAt = (position: number) => isAnswered(answers, numberAt(position));
  const number = numberAt(current);
  const question = questions[number - 1];
  const answeredCount = questions.filter((_, i) => isAnswered(answers, i + 1)).length;
  const unanswered = unansweredText(total, answeredAt);
  // The first paint shows the question alone; the number grid (one button per question) follows in a background
  // render, so a long exam does not hold up the first question.
  const gridCount = useDeferredValue(total, 0);
  useNextPicturePrefetch(current < total ? questions[numberAt(current + 1) - 1]?.image : undefined);

  const submit = () => submission.mutate(undefined, { onSettled: () => setConfirming(false) });

  if (!question) return <Alert severity="info">{t(SUBMIT_TEXTS[kind].noQuestions)}</Alert>;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 260px' },
        alignItems: 'start',
      }}
    >
      <CurrentQuestion
        position={current}
        total={total}
        number={number}
        question={question}
        value={answers[String(number)] ?? ''}
        locked={locked}
        optionOrder={sheetOrder.options(number)}
        onAnswer={onAnswer}
        onMove={setCurrent}
      />
      <Paper variant="outlined" sx={{ p: 2, position: { md: 'sticky' }, top: { md: 16 } }}>
        <AnsweredCount answered={answeredCount} total={total} />
        <QuestionGrid count={gridCount} current={current} isAnswered={answeredAt} onSelect={setCurrent} />
      </Paper>
      <SheetBar
        timer={timer}
        queueState={queueState}
        submitting={submitting}
        submitError={submission.error}
        onShowQuestions={() => setGridOpen(true)}
        onSubmit={() => setConfirming(true)}
      />
      <QuestionListDrawer
        open={gridOpen}
        onClose={() => setGridOpen(false)}
        answeredCount={answeredCount}
        total={total}
        current={current}
        isAnswered={answeredAt}
        onSelect={(n) => {
          setCurrent(n);
          setGridOpen(false);
        }}
      />
      {(confirming || submitConfirmationLoaded()) && (
        <SubmitConfirmation
          open={confirming}
          kind={kind}
          unanswered={unanswered}
          submitting={submitting}
          onConfirm={submit}
          onClose={() => !submitting && setConfirming(false)}
        />
      )}
    </Box>
  );
}
