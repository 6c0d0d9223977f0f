import { useDeferredValue, useEffect, useState } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import type { Answers, Question } from '@kelasku/shared-api';
import { ConfirmDialog } from '@kelasku/shared-ui';
import type { QueueState } from './answer-queue';
import { QuestionGrid } from './QuestionGrid';
import { QuestionPanel } from './QuestionPanel';
import { SaveStatus } from './SaveStatus';
import { SUBMIT_TEXTS, type WorkKind } from './texts';

export interface AnswerSheetViewProps {
  kind: WorkKind;
  questions: Question[];
  answers: Answers;
  queueState: QueueState;
  /** No more changes (exam closed, sheet locked). */
  locked?: boolean;
  onAnswer: (n: number, value: string, options: { essay: boolean }) => void;
  /** Flushes, grades; a rejection's message is shown and the dialog closes. */
  onSubmit: () => Promise<void>;
}

const isAnswered = (answers: Answers, n: number) => Boolean((answers[String(n)] ?? '').trim());

/** Taking a task or exam: one question at a time, the number grid, Previous/Next, the save state and Submit. */
export function AnswerSheetView({ kind, questions, answers, queueState, locked = false, onAnswer, onSubmit }: AnswerSheetViewProps) {
  const [current, setCurrent] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const total = questions.length;
  const question = questions[current - 1];
  const texts = SUBMIT_TEXTS[kind];
  const answeredCount = questions.filter((_, i) => isAnswered(answers, i + 1)).length;
  const nextImage = questions[current]?.image;
  // The first paint shows the question alone; the number grid (one button per question) follows in a background
  // render, so a long exam does not hold up the first question.
  const gridCount = useDeferredValue(total, 0);

  // Once this question is on screen, fetch the next question's picture in the background so Next shows it at once
  // (pictures are cacheable files, not part of the exam JSON).
  useEffect(() => {
    if (!nextImage || nextImage.startsWith('data:')) return;
    const timer = setTimeout(() => {
      const img = new Image();
      img.decoding = 'async';
      img.src = nextImage;
    }, 500);
    return () => clearTimeout(timer);
  }, [nextImage]);

  const submit = async () => {
    setSubmitting(true);
    setSubmitError(null);
    try {
      await onSubmit();
      setConfirming(false);
    } catch (err) {
      setConfirming(false);
      setSubmitError(err instanceof Error ? err.message : 'Could not submit, please try again.');
    } finally {
      setSubmitting(false);
    }
  };

  if (!question) return <Alert severity="info">This {kind === 'task' ? 'exercise' : 'exam'} has no questions yet.</Alert>;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 260px' }, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <QuestionPanel
          number={current}
          total={total}
          question={question}
          value={answers[String(current)] ?? ''}
          disabled={locked}
          onChoose={(letter) => onAnswer(current, letter, { essay: false })}
          onEssayChange={(text) => onAnswer(current, text, { essay: true })}
        />
        <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 2 }}>
          <Button startIcon={<NavigateBefore />} disabled={current <= 1} onClick={() => setCurrent((c) => c - 1)}>Previous</Button>
          <Button endIcon={<NavigateNext />} disabled={current >= total} onClick={() => setCurrent((c) => c + 1)}>Next</Button>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, position: { md: 'sticky' }, top: { md: 16 } }}>
        <Typography component="h2" variant="subtitle2" sx={{ mb: 1 }}>
          Questions ({answeredCount} of {total} answered)
        </Typography>
        <QuestionGrid count={gridCount} current={current} isAnswered={(n) => isAnswered(answers, n)} onSelect={setCurrent} />
        <Box sx={{ mt: 2 }}>
          <SaveStatus state={queueState} />
        </Box>
        {submitError && <Alert severity="error" sx={{ mt: 2 }}>{submitError}</Alert>}
        <Button variant="contained" fullWidth sx={{ mt: 2 }} disabled={submitting} onClick={() => setConfirming(true)}>
          Submit
        </Button>
      </Paper>
      <ConfirmDialog
        open={confirming}
        title={texts.title}
        message={texts.message}
        confirmLabel={submitting ? 'Submitting…' : 'Yes, submit'}
        busy={submitting}
        onConfirm={submit}
        onClose={() => !submitting && setConfirming(false)}
      />
    </Box>
  );
}
