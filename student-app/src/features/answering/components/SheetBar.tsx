import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Apps from '@mui/icons-material/Apps';
import { afterUsable } from '@kelasku/shared-rules/src/usable-mark';
import type { QueueState } from '../answer-queue';
import { preloadQuestionList } from './QuestionListDrawer';
import { SaveStatus } from './SaveStatus';

export interface SheetBarProps {
  /** Shown first (the exam's time left). */
  timer?: ReactNode;
  queueState: QueueState;
  submitting: boolean;
  /** The hand-in's failure (its message is shown), or null. */
  submitError: Error | null;
  /** Opens the question list (the grid's drawer: phones only). */
  onShowQuestions: () => void;
  /** Asks to hand the sheet in (opens the confirmation). */
  onSubmit: () => void;
}

/**
 * Pinned to the bottom of the screen while the sheet is on it: time, save state, the grid and Submit never scroll
 * away on a phone. It sits in the page flow (sticky), so at the end of the page it covers nothing.
 */
export function SheetBar({ timer, queueState, submitting, submitError, onShowQuestions, onSubmit }: SheetBarProps) {
  const { t } = useTranslation('student');
  // The question list must open offline too: its drawer's code comes once the sheet is usable.
  useEffect(() => afterUsable(preloadQuestionList), []);
  const errorText = submitError && (submitError instanceof Error ? submitError.message : t('submit.errors.failed'));
  return (
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
        onClick={onShowQuestions}
        onPointerDown={preloadQuestionList}
        onFocus={preloadQuestionList}
        sx={{ flex: 1, display: { md: 'none' } }}
      >
        {t('sheet.questions')}
      </Button>
      <Button variant="contained" sx={{ flex: { xs: 1, md: 'none' } }} disabled={submitting} onClick={onSubmit}>
        {t('sheet.submit')}
      </Button>
      {errorText && (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {errorText}
        </Alert>
      )}
    </Paper>
  );
}
