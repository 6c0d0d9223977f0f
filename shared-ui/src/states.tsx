import type { ReactNode } from 'react';
import { Box, Button, CircularProgress, Typography } from '@mui/material';

/** 'Loading...' (or the given text) with a spinner. */
export function LoadingState({ text = 'Loading...' }: { text?: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 3, justifyContent: 'center' }}>
      <CircularProgress size={20} aria-hidden="true" />
      <Typography>{text}</Typography>
    </Box>
  );
}

/** An error message with an optional Retry button. */
export function ErrorState({ message, onRetry, retryLabel = 'Retry' }: { message: string; onRetry?: () => void; retryLabel?: string }) {
  return (
    <Box role="alert" sx={{ p: 3, textAlign: 'center' }}>
      <Typography color="error" sx={{ mb: onRetry ? 2 : 0 }}>{message}</Typography>
      {onRetry && <Button variant="outlined" onClick={onRetry}>{retryLabel}</Button>}
    </Box>
  );
}

/** A friendly empty-list message, with an optional action below it. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
      <Typography>{message}</Typography>
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
