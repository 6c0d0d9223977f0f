import { useState } from 'react';
import { Alert, Box, Button, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { errorMessage, reportsApi, type Report } from '@kelasku/shared-api';
import { ConfirmDialog, ErrorState, LoadingState } from '@kelasku/shared-ui';
import { useLastNonNull } from '../../hooks/useLatest';
import { useLoad } from '../../hooks/useLoad';

/** Reported discussion posts and replies (plain text as typed, line breaks kept); Delete removes the reported message and every report on it. */
export function ReportsPanel() {
  const reports = useLoad(() => reportsApi.list(), 'reports');
  const [pending, setPending] = useState<Report | null>(null);
  const shown = useLastNonNull(pending);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!pending) return;
    setBusy(true);
    setFailure(null);
    try {
      await reportsApi.remove(pending.id);
      setPending(null);
      reports.reload();
    } catch (err) {
      setFailure(errorMessage(err) ?? 'Failed to delete the reported message');
      setPending(null);
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (reports.loading && !reports.data) body = <LoadingState />;
  else if (reports.error) body = <ErrorState message="Failed to load reported messages" onRetry={reports.reload} />;
  else if (!reports.data?.length) body = <Typography sx={{ p: 2, color: 'text.secondary' }}>There&apos;s no reported message for now</Typography>;
  else
    body = (
      <List aria-label="Reported messages" sx={{ maxHeight: '10rem', overflowY: 'auto', py: 0 }} tabIndex={0}>
        {reports.data.map((report) => (
          <ListItem
            key={report.id}
            divider
            secondaryAction={
              <Button
                color="error"
                size="small"
                variant="outlined"
                aria-label={`Delete reported message from ${report.author_name}`}
                onClick={() => setPending(report)}
              >
                Delete
              </Button>
            }
            sx={{ pr: 12 }}
          >
            <ListItemText
              primary={report.author_name}
              secondary={
                <>
                  <Box component="span" sx={{ display: 'block', color: 'text.primary', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{report.message}</Box>
                  <Box component="span" sx={{ display: 'block', fontSize: '0.75rem' }}>Reported by {report.reporter_name}</Box>
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    );

  return (
    <Paper component="section" aria-labelledby="reported-messages-title" variant="outlined" sx={{ p: 2, mt: 3 }}>
      <Typography id="reported-messages-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        Reported Messages
      </Typography>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 1 }}>
          {failure}
        </Alert>
      )}
      {body}
      <ConfirmDialog
        open={pending !== null}
        title={shown ? `are you sure you want to delete this message from ${shown.author_name}?` : ''}
        message={shown ? `"${shown.message}" will be removed for everyone, together with its reports.` : ''}
        confirmLabel="Delete"
        destructive
        busy={busy}
        onConfirm={confirmDelete}
        onClose={() => setPending(null)}
      />
    </Paper>
  );
}
