import i18next from 'i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CloudDone from '@mui/icons-material/CloudDone';
import CloudOff from '@mui/icons-material/CloudOff';
import Lock from '@mui/icons-material/Lock';
import { useTranslation } from 'react-i18next';
import type { QueueState } from '../answer-queue';

export function saveStatusText(state: QueueState): string {
  switch (state.kind) {
    case 'idle':
      return i18next.t('student:saveStatus.idle');
    case 'saving':
      return i18next.t('student:saveStatus.saving');
    case 'saved':
      return i18next.t('student:saveStatus.saved');
    case 'offline':
      return i18next.t('student:saveStatus.offline');
    case 'retrying':
      return i18next.t('student:saveStatus.retrying');
    case 'locked':
      return state.reason === 'submitted'
        ? i18next.t('student:saveStatus.lockedSubmitted')
        : i18next.t('student:saveStatus.lockedClosed');
    case 'other-device':
      return i18next.t('student:saveStatus.otherDevice');
    case 'failed':
      return i18next.t('student:saveStatus.failed');
  }
}

/** Live saving state of the answer sheet (announced politely to screen readers). */
export function SaveStatus({ state }: { state: QueueState }) {
  // Re-renders on a language switch (the text itself is built by saveStatusText).
  useTranslation('student');
  const warn =
    state.kind === 'offline' ||
    state.kind === 'retrying' ||
    state.kind === 'failed' ||
    state.kind === 'locked' ||
    state.kind === 'other-device';
  const icon =
    state.kind === 'saving' ? (
      <CircularProgress size={14} aria-hidden="true" />
    ) : state.kind === 'locked' ? (
      <Lock fontSize="small" aria-hidden="true" />
    ) : warn ? (
      <CloudOff fontSize="small" aria-hidden="true" />
    ) : (
      <CloudDone fontSize="small" aria-hidden="true" />
    );
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-state={state.kind}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        color: warn ? 'warning.dark' : 'text.secondary',
        fontSize: '0.9rem',
      }}
    >
      {icon}
      <Typography component="span" variant="body2" sx={{ fontWeight: warn ? 700 : 500 }}>
        {saveStatusText(state)}
      </Typography>
    </Box>
  );
}
