import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatWibTime } from '@kelasku/shared-ui';
import type { MonitorStatus } from '@kelasku/shared-rules';
import { warningChipSx } from '../../../lib/chip-styles';
import { MONITOR_NS } from '../monitor-messages';
import { timeLeft } from '../time-left';
import type { MonitorStudent } from '../transport';

/** The message of each status but offline (which names its time). */
const STATUS_KEY = {
  'not-started': 'exam-monitor:status.not-started',
  answering: 'exam-monitor:status.answering',
  offline: 'exam-monitor:status.offlineNever',
  submitted: 'exam-monitor:status.submitted',
} as const satisfies Record<MonitorStatus, string>;

function StatusChip({ row }: { row: MonitorStudent }) {
  const { t } = useTranslation(MONITOR_NS);
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

/** What the proctor can do to one student's attempt; the screen holds the dialogs and the writes. */
export interface StudentActions {
  onExtraTime: (row: MonitorStudent) => void;
  onRelease: (row: MonitorStudent) => void;
  releasing: boolean;
  onEnd: (row: MonitorStudent) => void;
}

function StudentActionButtons({ row, actions }: { row: MonitorStudent; actions: StudentActions }) {
  const { t } = useTranslation(MONITOR_NS);
  return (
    <Stack
      direction={{ xs: 'column', lg: 'row' }}
      spacing={0.5}
      aria-label={t('exam-monitor:actions.menu', { name: row.name })}
      role="group"
    >
      <Button size="small" variant="outlined" onClick={() => actions.onExtraTime(row)}>
        {t('exam-monitor:actions.extraTime')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        disabled={row.status === 'not-started' || actions.releasing}
        onClick={() => actions.onRelease(row)}
      >
        {t('exam-monitor:actions.release')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        disabled={row.status === 'submitted'}
        onClick={() => actions.onEnd(row)}
      >
        {t('exam-monitor:actions.end')}
      </Button>
    </Stack>
  );
}

function StudentRow({ row, now, actions }: { row: MonitorStudent; now: number; actions: StudentActions }) {
  const { t } = useTranslation(MONITOR_NS);
  const answered = t('exam-monitor:answeredOf', { answered: row.answered, total: row.total });
  const devices = t('exam-monitor:devicesCount', { count: row.devices });
  const left = row.status === 'submitted' ? '-' : timeLeft(row.end_time, now);
  return (
    <TableRow data-student={row.nis}>
      <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 90 }}>
        <Box component="span" sx={{ display: 'block' }}>
          {row.name}
        </Box>
        {/* On a phone the hidden columns go under the name. */}
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
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
      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>{left}</TableCell>
      <TableCell>
        <StudentActionButtons row={row} actions={actions} />
      </TableCell>
    </TableRow>
  );
}

/** One row per student of the class: status, progress, devices, time left, and the proctor's actions. */
export function MonitorTable({
  students,
  now,
  actions,
}: {
  students: MonitorStudent[];
  now: number;
  actions: StudentActions;
}) {
  const { t } = useTranslation(MONITOR_NS);
  return (
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
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('exam-monitor:table.answered')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
              {t('exam-monitor:table.lastActivity')}
            </TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('exam-monitor:table.devices')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('exam-monitor:table.timeLeft')}</TableCell>
            <TableCell>{t('exam-monitor:table.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {students.map((row) => (
            <StudentRow key={row.student_id} row={row} now={now} actions={actions} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
