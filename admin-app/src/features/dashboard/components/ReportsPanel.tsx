import { lazy, Suspense, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage, type Report } from '@kelasku/shared-api';
import { ErrorState, LoadingState } from '@kelasku/shared-ui/src/states';
import { Pagination } from '@kelasku/shared-ui/src/Pagination';
import { formatDateId, formatWibTime } from '@kelasku/shared-ui/src/dates';
import { useLastNonNull } from '../../../hooks/useLastNonNull';
import { reportsQuery, useReportAction } from '../api';

// Mounted from the first Delete/Dismiss on (and kept, for its closing animation): MUI's dialogs stay off the dashboard's first screen.
const ConfirmDialog = lazy(() =>
  import('@kelasku/shared-ui/src/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })),
);

type Pending = { action: 'delete' | 'dismiss'; report: Report };

/** Where the reported message was posted: the class (a link to it) and material, or the group discussion. */
function Where({ report }: { report: Report }) {
  const { t } = useTranslation('admin');
  if (report.class_id === null) return <>{t('reports.where.group', { topic: report.topic })}</>;
  return (
    <>
      {t('reports.where.in')}{' '}
      <Link component={RouterLink} to={`/class/${report.class_id}`}>
        {report.class_name}
      </Link>{' '}
      {t('reports.where.materialTopic', { material: report.material_title, topic: report.topic })}
    </>
  );
}

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
  const [pending, setPending] = useState<Pending | null>(null);
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
          <ListItem
            key={report.id}
            divider
            component="li"
            aria-label={t('reports.itemLabel', { author: report.author_name })}
            sx={{ display: 'block', px: 1 }}
          >
            <Typography sx={{ fontWeight: 600 }}>{report.author_name}</Typography>
            <Box sx={{ color: 'text.primary', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{report.message}</Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {report.reply_id ? t('reports.kind.reply') : t('reports.kind.question')} <Where report={report} />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('reports.reportedBy', {
                reporter: report.reporter_name,
                date: formatDateId(report.created_at),
                time: formatWibTime(report.created_at),
              })}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            >
              {t('reports.reason', { reason: report.reason ?? t('reports.noReason') })}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              <Button
                size="small"
                variant="outlined"
                aria-label={t('reports.dismissLabel', { author: report.author_name })}
                onClick={() => setPending({ action: 'dismiss', report })}
              >
                {t('reports.dismiss')}
              </Button>
              <Button
                color="error"
                size="small"
                variant="outlined"
                aria-label={t('reports.deleteLabel', { author: report.author_name })}
                onClick={() => setPending({ action: 'delete', report })}
              >
                {t('reports.delete')}
              </Button>
            </Stack>
          </ListItem>
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
