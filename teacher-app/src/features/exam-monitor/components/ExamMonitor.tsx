import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, NotFoundState } from '@kelasku/shared-ui';
import { errorMessage } from '@kelasku/shared-api';
import type { MonitorStatus } from '@kelasku/shared-rules';
import { useGoBack } from '@kelasku/shared-ui/src/useGoBack';
import { parsePositiveInt } from '../../../lib/params';
import { monitorQuery, useMonitorActions } from '../api';
import { MONITOR_NS } from '../monitor-messages';
import type { ExamMonitor as MonitorData, MonitorStudent } from '../transport';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';
import { ExtraTimeDialog } from './ExtraTimeDialog';
import { MonitorTable } from './MonitorTable';

/** A clock that ticks every second: the time left is counted here, from the end times the monitor read. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The outcome of the proctor's last action, and the callbacks a write passes to report it. */
function useActionNotice() {
  const { t } = useTranslation(MONITOR_NS);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const report = (done: string) => ({
    onSuccess: () => setNotice({ severity: 'success' as const, text: done }),
    onError: (err: unknown) =>
      setNotice({
        severity: 'error' as const,
        text: t('exam-monitor:actionFailed', { reason: errorMessage(err) ?? '' }),
      }),
  });
  return { notice, clearNotice: () => setNotice(null), report };
}

type MonitorActions = ReturnType<typeof useMonitorActions>;
type ReportOutcome = ReturnType<typeof useActionNotice>['report'];
type Dialogs = { kind: 'extra' | 'end'; row: MonitorStudent } | null;

/** The exam's title and how many students are in each status. */
function MonitorSummary({ data }: { data: MonitorData }) {
  const { t } = useTranslation(MONITOR_NS);
  const count = (status: MonitorStatus) => data.students.filter((s) => s.status === status).length;
  return (
    <>
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
    </>
  );
}

function OneDeviceSwitch({ on, oneDevice }: { on: boolean; oneDevice: MonitorActions['oneDevice'] }) {
  const { t } = useTranslation(MONITOR_NS);
  return (
    <Stack sx={{ my: 1.5 }}>
      <FormControlLabel
        control={
          <Switch checked={on} disabled={oneDevice.isPending} onChange={(e) => oneDevice.mutate(e.target.checked)} />
        }
        label={t('exam-monitor:oneDevice')}
      />
      <Typography variant="caption" color="text.secondary">
        {t('exam-monitor:oneDeviceHelp')}
      </Typography>
    </Stack>
  );
}

/** The extra-time dialog and the confirmation that ends a student's attempt. */
function StudentDialogs({
  dialog,
  actions,
  report,
  onClose,
}: {
  dialog: Dialogs;
  actions: MonitorActions;
  report: ReportOutcome;
  onClose: () => void;
}) {
  const { t } = useTranslation(MONITOR_NS);
  return (
    <>
      {dialog?.kind === 'extra' && (
        <ExtraTimeDialog
          row={dialog.row}
          busy={actions.extraTime.isPending}
          onClose={onClose}
          onSave={(minutes) =>
            actions.extraTime.mutate(
              { studentId: dialog.row.student_id, minutes },
              {
                ...report(t('exam-monitor:done.extraTime')),
                onSettled: onClose,
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
        onClose={onClose}
        onConfirm={() =>
          dialog &&
          actions.endAttempt.mutate(dialog.row.student_id, {
            ...report(t('exam-monitor:done.end')),
            onSettled: onClose,
          })
        }
      />
    </>
  );
}

/** /ExamMonitor?exam_id=: the proctor's live view of one exam, one row per student of the class, and their actions. */
export default function ExamMonitor() {
  const [params] = useSearchParams();
  const examId = parsePositiveInt(params.get('exam_id'));
  const goBack = useGoBack('/DashboardTeacher');
  const { t } = useTranslation(MONITOR_NS);
  const now = useNow();
  const monitor = useQuery({ ...monitorQuery(examId ?? 0), enabled: examId != null });
  const actions = useMonitorActions(examId ?? 0);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const { notice, clearNotice, report } = useActionNotice();

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

  return (
    <Box>
      {header}
      <MonitorSummary data={data} />
      <OneDeviceSwitch on={data.one_device} oneDevice={actions.oneDevice} />
      {notice && (
        <Alert severity={notice.severity} onClose={clearNotice} sx={{ mb: 2 }}>
          {notice.text}
        </Alert>
      )}
      {data.students.length === 0 ? (
        <EmptyState message={t('exam-monitor:noStudents')} />
      ) : (
        <MonitorTable
          students={data.students}
          now={now}
          actions={{
            onExtraTime: (row) => setDialog({ kind: 'extra', row }),
            onRelease: (row) => actions.release.mutate(row.student_id, report(t('exam-monitor:done.release'))),
            releasing: actions.release.isPending,
            onEnd: (row) => setDialog({ kind: 'end', row }),
          }}
        />
      )}
      <StudentDialogs dialog={dialog} actions={actions} report={report} onClose={() => setDialog(null)} />
    </Box>
  );
}
