import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CloudDone from '@mui/icons-material/CloudDone';
import CloudOff from '@mui/icons-material/CloudOff';
import Lock from '@mui/icons-material/Lock';
import type { QueueState } from './answer-queue';

export function saveStatusText(state: QueueState): string {
  switch (state.kind) {
    case 'idle':
      return 'Answers are saved as you go';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'Saved';
    case 'offline':
      return 'Offline — answers kept on this device';
    case 'retrying':
      return 'Server busy — answers kept on this device, retrying';
    case 'locked':
      return state.reason === 'submitted'
        ? 'This sheet has already been submitted.'
        : 'The exam is closed: answers can no longer be changed.';
    case 'failed':
      return 'Not saved — answers kept on this device. Sign in again, then reopen this page.';
  }
}

/** Live saving state of the answer sheet (announced politely to screen readers). */
export function SaveStatus({ state }: { state: QueueState }) {
  const warn = state.kind === 'offline' || state.kind === 'retrying' || state.kind === 'failed' || state.kind === 'locked';
  const icon =
    state.kind === 'saving' ? <CircularProgress size={14} aria-hidden="true" />
    : state.kind === 'locked' ? <Lock fontSize="small" aria-hidden="true" />
    : warn ? <CloudOff fontSize="small" aria-hidden="true" />
    : <CloudDone fontSize="small" aria-hidden="true" />;
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-state={state.kind}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, color: warn ? 'warning.dark' : 'text.secondary', fontSize: '0.9rem' }}
    >
      {icon}
      <Typography component="span" variant="body2" sx={{ fontWeight: warn ? 700 : 500 }}>{saveStatusText(state)}</Typography>
    </Box>
  );
}
