import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { errorMessage, errorStatus, isNetworkError } from '@kelasku/shared-api';
import { afterUsable, markUsable } from '@kelasku/shared-rules/src/usable-mark';

/**
 * A first screen reports that it is usable (its main content shown, answering input) once `ready` turns true: the
 * 'kelasku:usable' mark the bundle budgets count up to (shared-rules/src/usable-mark.ts). Set once per page load, in
 * the commit that shows the content (a layout effect): a passive effect may run a task later, after a lazy part
 * rendered in the same commit (the teacher's charts) has already arrived, and the budgets then counted it.
 */
export function useUsableMark(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) markUsable();
  }, [ready]);
}

/**
 * False until the first screen is usable: a part that may come later (a chart) renders, and so starts loading, after
 * the mark, never in a race with it.
 */
export function useAfterUsable(): boolean {
  const [usable, setUsable] = useState(false);
  useEffect(() => afterUsable(() => setUsable(true)), []);
  return usable;
}

/** 'Loading...' (in the active language, or the given text) with a spinner. */
export function LoadingState({ text }: { text?: string }) {
  const { t } = useTranslation('common');
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 3, justifyContent: 'center' }}>
      <CircularProgress size={20} aria-hidden="true" />
      <Typography>{text ?? t('states.loading')}</Typography>
    </Box>
  );
}

/**
 * Why a load failed, in plain language: the server's reason (in the active language) when it gave one, a
 * no-connection sentence when no answer came, nothing otherwise (the screen's own text says enough then).
 */
export function useFailureReason(error: unknown): string | undefined {
  const { t } = useTranslation('common');
  if (error === undefined || error === null) return undefined;
  return errorMessage(error) ?? (isNetworkError(error) ? t('states.noConnection') : undefined);
}

/**
 * The one way to show a failure: the screen's text first (the specification's where it quotes one), then the reason
 * from `error`, then an optional Retry button.
 */
export function ErrorState({
  message,
  error,
  onRetry,
  retryLabel,
}: {
  message: string;
  error?: unknown;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  const { t } = useTranslation('common');
  const reason = useFailureReason(error);
  return (
    <Box role="alert" sx={{ p: 3, textAlign: 'center' }}>
      <Typography color="error" sx={{ mb: onRetry || reason ? 1 : 0 }}>
        {message}
      </Typography>
      {reason && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: onRetry ? 2 : 0 }}>
          {reason}
        </Typography>
      )}
      {onRetry && (
        <Button variant="outlined" onClick={onRetry}>
          {retryLabel ?? t('actions.retry')}
        </Button>
      )}
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

/** Where a dead end leads back to: a path of the app and the words on its link (e.g. '/MyClasses', 'Back to My Classes'). */
export interface BackLink {
  backTo: string;
  backLabel: string;
}

/**
 * Something the page needs is not there (a missing or unknown id, or one this account may not open): says what is
 * missing and links back. Nothing to retry, so no Retry button.
 */
export function NotFoundState({ message, backTo, backLabel }: { message: string } & BackLink) {
  return (
    <Box role="alert" sx={{ p: 3, textAlign: 'center' }}>
      <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
        {message}
      </Typography>
      <Button variant="outlined" component={RouterLink} to={backTo} startIcon={<ArrowBack />}>
        {backLabel}
      </Button>
    </Box>
  );
}

export interface LoadFailureProps extends BackLink {
  /** The load's error (shared-api's ApiError keeps the HTTP status). */
  error: unknown;
  /** What was loaded, for the texts, in the active language: 'class', 'material', 'subject' ('kelas', 'materi'…). */
  what: string;
  /** The text when the server could not be reached or failed (a network error): shown with Retry. */
  failed: string;
  onRetry: () => void;
}

/**
 * The one way to show a failed load: 404 says the thing does not exist, 403 says this account may not open it (both
 * with a link back, no Retry: retrying cannot help); anything else is a failure worth retrying.
 */
export function LoadFailure({ error, what, failed, onRetry, backTo, backLabel }: LoadFailureProps) {
  const { t } = useTranslation('common');
  const status = errorStatus(error);
  if (status === 404)
    return <NotFoundState message={t('states.notFound', { what })} backTo={backTo} backLabel={backLabel} />;
  if (status === 403)
    return <NotFoundState message={t('states.noAccess', { what })} backTo={backTo} backLabel={backLabel} />;
  return <ErrorState message={failed} error={error} onRetry={onRetry} />;
}
