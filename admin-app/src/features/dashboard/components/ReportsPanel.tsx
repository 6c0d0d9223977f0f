import { lazy, Suspense, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@kelasku/shared-api';
import { ErrorState, LoadingState } from '@kelasku/shared-ui/src/states';
import { Pagination } from '@kelasku/shared-ui/src/Pagination';
import { useLastNonNull } from '../../../hooks/useLastNonNull';
import { reportsQuery, useReportAction } from '../api';
import { ReportItem, type ReportAction } from './ReportItem';

// Mounted from the first Delete/Dismiss on (and kept, for its closing animation): MUI's dialogs stay off the dashboard's first screen.
const ConfirmDialog = lazy(() =>
  import('@kelasku/shared-ui/src/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })),
);

/**
 * Reported discussion posts and replies (plain text as typed, line breaks kept), with where and when they were
 * posted, who reported them and why. Delete removes the message and every report on it; Dismiss removes the reports
 * and keeps the message. A page at a time (the server caps its size, so a page stays small whatever the reports hold).
 */
export function ReportsPanel() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const reports = useQuery({ ...reportsQuery(page), placeholderData: keepPreviousData });
  const totalPages = reports.data?.meta.totalPage ?? 0;
  // The last reports of the last page handled: show the page before it (set while rendering, not in an effect).
  if (reports.data && page > 1 && page > totalPages) setPage(Math.max(1, totalPages));
  const [pending, setPending] = useState<ReportAction | null>(null);
  const shown = useLastNonNull(pending);
  const act = useReportAction();
  const failedText = act.variables?.action === 'delete' ? t('reports.deleteFailed') : t('reports.dismissFailed');
  const failure = act.isError ? (errorMessage(act.error) ?? failedText) : null;

  // the dialog closes either way: a failure shows above the list
  const confirm = () => {
    if (pending) act.mutate({ action: pending.action, id: pending.report.id }, { onSettled: () => setPending(null) });
  };

  let body;
  if (reports.isPending) body = <LoadingState />;
  else if (reports.isError)
    body = (
      <ErrorState message={t('reports.loadFailed')} error={reports.error} onRetry={() => void reports.refetch()} />
    );
  else if (!reports.data?.reports.length)
    body = <Typography sx={{ p: 2, color: 'text.secondary' }}>{t('reports.empty')}</Typography>;
  else
    body = (
      <List aria-label={t('reports.listLabel')} sx={{ maxHeight: '20rem', overflowY: 'auto', py: 0 }} tabIndex={0}>
        {reports.data.reports.map((report) => (
          <ReportItem key={report.id} report={report} onAct={setPending} />
        ))}
      </List>
    );

  return (
    <Paper component="section" aria-labelledby="reported-messages-title" variant="outlined" sx={{ p: 2, mt: 3 }}>
      <Typography id="reported-messages-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('reports.title')}
      </Typography>
      {failure && (
        <Alert severity="error" onClose={() => act.reset()} sx={{ mb: 1 }}>
          {failure}
        </Alert>
      )}
      {body}
      {totalPages > 1 && <Pagination currentPage={page} totalPages={totalPages} onPageChange={setPage} />}
      {shown && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={pending !== null}
            title={
              shown.action === 'delete'
                ? t('reports.deleteTitle', { author: shown.report.author_name })
                : t('reports.dismissTitle', { author: shown.report.author_name })
            }
            message={
              shown.action === 'delete'
                ? t('reports.deleteMessage', { message: shown.report.message })
                : t('reports.dismissMessage', { message: shown.report.message })
            }
            confirmLabel={shown.action === 'dismiss' ? t('reports.dismiss') : t('reports.delete')}
            destructive={shown.action !== 'dismiss'}
            busy={act.isPending}
            onConfirm={confirm}
            onClose={() => setPending(null)}
          />
        </Suspense>
      )}
    </Paper>
  );
}
