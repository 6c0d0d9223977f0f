import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, NotFoundState, formatWibTime } from '@kelasku/shared-ui';
import { registerMessages } from '@kelasku/shared-ui/src/i18n';
import { errorMessage } from '@kelasku/shared-api';
import { MAX_EXTRA_MINUTES, type MonitorStatus } from '@kelasku/shared-rules';
import { useGoBack } from '@kelasku/shared-ui/src/useGoBack';
import { warningChipSx } from '../../../lib/chip-styles';
import { parsePositiveInt } from '../../../lib/params';
import { monitorQuery, useMonitorActions } from '../api';
import { timeLeft } from '../time-left';
import type { MonitorStudent } from '../transport';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';

// This screen's texts load with it, as a namespace of their own.
registerMessages('exam-monitor', (language) => import(`../locales/${language}.json`));
const NS = 'exam-monitor';

/** A clock that ticks every second: the time left is counted here, from the end times the monitor read. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The message of each status but offline (which names its time). */
const STATUS_KEY = {
  'not-started': 'exam-monitor:status.not-started',
  answering: 'exam-monitor:status.answering',
  offline: 'exam-monitor:status.offlineNever',
  submitted: 'exam-monitor:status.submitted',
} as const satisfies Record<MonitorStatus, string>;

function StatusChip({ row }: { row: MonitorStudent }) {
  const { t } = useTranslation(NS);
  const label =
    row.status === 'offline'
      ? row.last_activity
        ? t('exam-monitor:status.offline', { time: formatWibTime(row.last_activity) })
        : t('exam-monitor:status.offlineNever')
      : t(STATUS_KEY[row.status]);
  if (row.status === 'submitted') return <Chip size="small" color="success" label={label} />;
  if (row.status === 'answering') return <Chip size="small" color="primary" variant="outlined" label={label} />;
  return <Chip size="small" label={label} sx={row.status === 'offline' ? warningChipSx : undefined} />;
}

function ExtraTimeDialog({
  row,
  onSave,
  onClose,
  busy,
}: {
  row: MonitorStudent;
  onSave: (minutes: number) => void;
  onClose: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation(NS);
  const [text, setText] = useState(String(row.extra_minutes));
  const minutes = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  const valid = Number.isInteger(minutes) && minutes >= 0 && minutes <= MAX_EXTRA_MINUTES;
  return (
    <Dialog open onClose={onClose} aria-labelledby="extra-time-title">
      <DialogTitle id="extra-time-title">{t('exam-monitor:extraDialog.title', { name: row.name })}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          inputMode="numeric"
          label={t('exam-monitor:extraDialog.label', { max: MAX_EXTRA_MINUTES })}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={!valid}
          helperText={valid ? ' ' : t('exam-monitor:extraDialog.invalid', { max: MAX_EXTRA_MINUTES })}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('exam-monitor:extraDialog.cancel')}</Button>
        <Button variant="contained" disabled={!valid || busy} onClick={() => onSave(minutes)}>
          {t('exam-monitor:extraDialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type Dialogs = { kind: 'extra' | 'end'; row: MonitorStudent } | null;

/** /ExamMonitor?exam_id=: the proctor's live view of one exam, one row per student of the class, and their actions. */
export default function ExamMonitor() {
  const [params] = useSearchParams();
  const examId = parsePositiveInt(params.get('exam_id'));
  const goBack = useGoBack('/DashboardTeacher');
  const { t } = useTranslation(NS);
  const now = useNow();
  const monitor = useQuery({ ...monitorQuery(examId ?? 0), enabled: examId != null });
  const actions = useMonitorActions(examId ?? 0);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  if (!examId)
    return (
      <NotFoundState
        message={t('exam-monitor:noExam')}
        backTo="/DashboardTeacher"
        backLabel={t('exam-monitor:backToDashboard')}
      />
    );
  const header = (
    <>
      <Button onClick={goBack} sx={{ mb: 1 }}>
        {t('exam-monitor:back')}
      </Button>
      <PageTitle>{t('exam-monitor:title')}</PageTitle>
    </>
  );
  if (!monitor.data) {
    return (
      <>
        {header}
        {monitor.isError ? (
          <ErrorState message={t('exam-monitor:failed')} error={monitor.error} onRetry={() => void monitor.refetch()} />
        ) : (
          <LoadingState />
        )}
      </>
    );
  }
  const data = monitor.data;
  const count = (status: MonitorStatus) => data.students.filter((s) => s.status === status).length;
  const report = (done: string) => ({
    onSuccess: () => setNotice({ severity: 'success' as const, text: done }),
    onError: (err: unknown) =>
      setNotice({
        severity: 'error' as const,
        text: t('exam-monitor:actionFailed', { reason: errorMessage(err) ?? '' }),
      }),
  });

  return (
    <Box>
      {header}
      <Typography component="h2" variant="h6" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {data.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }} role="status" aria-live="polite">
        {t('exam-monitor:summary', {
          answering: count('answering'),
          offline: count('offline'),
          submitted: count('submitted'),
          notStarted: count('not-started'),
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('exam-monitor:refreshing')}
      </Typography>
      <Stack sx={{ my: 1.5 }}>
        <FormControlLabel
          control={
            <Switch
              checked={data.one_device}
              disabled={actions.oneDevice.isPending}
              onChange={(e) => actions.oneDevice.mutate(e.target.checked)}
            />
          }
          label={t('exam-monitor:oneDevice')}
        />
        <Typography variant="caption" color="text.secondary">
          {t('exam-monitor:oneDeviceHelp')}
        </Typography>
      </Stack>
      {notice && (
        <Alert severity={notice.severity} onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice.text}
        </Alert>
      )}
      {data.students.length === 0 ? (
        <EmptyState message={t('exam-monitor:noStudents')} />
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
          <Table
            size="small"
            aria-label={t('exam-monitor:table.label')}
            sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('exam-monitor:table.name')}</TableCell>
                <TableCell>{t('exam-monitor:table.status')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('exam-monitor:table.answered')}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {t('exam-monitor:table.lastActivity')}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {t('exam-monitor:table.devices')}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('exam-monitor:table.timeLeft')}
                </TableCell>
                <TableCell>{t('exam-monitor:table.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.students.map((row) => {
                const answered = t('exam-monitor:answeredOf', { answered: row.answered, total: row.total });
                const devices = t('exam-monitor:devicesCount', { count: row.devices });
                const left = row.status === 'submitted' ? '-' : timeLeft(row.end_time, now);
                return (
                  <TableRow key={row.student_id} data-student={row.nis}>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 90 }}>
                      <Box component="span" sx={{ display: 'block' }}>
                        {row.name}
                      </Box>
                      {/* On a phone the hidden columns go under the name. */}
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        sx={{ display: { xs: 'block', sm: 'none' } }}
                      >
                        {answered} · {devices} · {left}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                        <StatusChip row={row} />
                        {row.extra_minutes > 0 && (
                          <Chip
                            size="small"
                            variant="outlined"
                            label={t('exam-monitor:extraShown', { minutes: row.extra_minutes })}
                          />
                        )}
                      </Stack>
                    </TableCell>
                    <TableCell data-cell="answered" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {answered}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {row.last_activity ? formatWibTime(row.last_activity) : '-'}
                    </TableCell>
                    <TableCell data-cell="devices" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {devices}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                      {left}
                    </TableCell>
                    <TableCell>
                      <Stack
                        direction={{ xs: 'column', lg: 'row' }}
                        spacing={0.5}
                        aria-label={t('exam-monitor:actions.menu', { name: row.name })}
                        role="group"
                      >
                        <Button size="small" variant="outlined" onClick={() => setDialog({ kind: 'extra', row })}>
                          {t('exam-monitor:actions.extraTime')}
                        </Button>
                        <Button
                          size="small"
                          variant="outlined"
                          disabled={row.status === 'not-started' || actions.release.isPending}
                          onClick={() => actions.release.mutate(row.student_id, report(t('exam-monitor:done.release')))}
                        >
                          {t('exam-monitor:actions.release')}
                        </Button>
                        <Button
                          size="small"
                          variant="outlined"
                          color="error"
                          disabled={row.status === 'submitted'}
                          onClick={() => setDialog({ kind: 'end', row })}
                        >
                          {t('exam-monitor:actions.end')}
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {dialog?.kind === 'extra' && (
        <ExtraTimeDialog
          row={dialog.row}
          busy={actions.extraTime.isPending}
          onClose={() => setDialog(null)}
          onSave={(minutes) =>
            actions.extraTime.mutate(
              { studentId: dialog.row.student_id, minutes },
              {
                ...report(t('exam-monitor:done.extraTime')),
                onSettled: () => setDialog(null),
              },
            )
          }
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'end'}
        title={dialog ? t('exam-monitor:endDialog.title', { name: dialog.row.name }) : ''}
        message={t('exam-monitor:endDialog.message')}
        confirmLabel={t('exam-monitor:endDialog.confirm')}
        cancelLabel={t('exam-monitor:endDialog.cancel')}
        destructive
        busy={actions.endAttempt.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          dialog &&
          actions.endAttempt.mutate(dialog.row.student_id, {
            ...report(t('exam-monitor:done.end')),
            onSettled: () => setDialog(null),
          })
        }
      />
    </Box>
  );
}
