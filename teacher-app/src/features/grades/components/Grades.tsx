import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { EmptyState, ErrorState, LoadingState, NotFoundState, stickyActionSx } from '@kelasku/shared-ui';
import { formatScore } from '@kelasku/shared-ui/src/numbers';
import type { Submission } from '@kelasku/shared-api';
import { useGoBack } from '@kelasku/shared-ui/src/useGoBack';
import { downloadGradesCsv } from '../csv';
import { infoChipSx, warningChipSx } from '../../../lib/chip-styles';
import { workFromParams, workQuery } from '../../../lib/work';
import { submissionsQuery, useGradesExport } from '../api';
import { FILTERS, filterRows, needsReview, parseFilter, parseSort, SORTS, sortRows } from '../queue';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';

/** The message key of each sheet status the server sends. */
const STATUS_KEY = {
  'Not started': 'grades.status.notStarted',
  'In progress': 'grades.status.inProgress',
  Submitted: 'grades.status.submitted',
} as const satisfies Record<Submission['status'], string>;

function StatusChip({ status }: { status: Submission['status'] }) {
  const { t } = useTranslation('teacher');
  const label = t(STATUS_KEY[status]);
  if (status === 'Submitted') return <Chip size="small" color="success" label={label} />;
  return <Chip size="small" label={label} sx={status === 'In progress' ? warningChipSx : undefined} />;
}

/** What still needs the teacher: essays pending or scored automatically; sheets the exam's end submitted. */
function ReviewMarks({ row }: { row: Submission }) {
  const { t } = useTranslation('teacher');
  const pending = row.pending_essays ?? 0;
  const automatic = row.auto_scored_essays ?? 0;
  if (!pending && !automatic && !row.auto_submitted) return null;
  return (
    <>
      {pending > 0 && <Chip size="small" label={t('grades.marks.pending')} sx={warningChipSx} />}
      {automatic > 0 && <Chip size="small" label={t('grades.marks.autoScored')} sx={infoChipSx} />}
      {row.auto_submitted && <Chip size="small" variant="outlined" label={t('grades.marks.autoSubmitted')} />}
    </>
  );
}

/** A deactivated student is listed for the work they left, but no longer counted (the server's members rule). */
const counted = (row: Submission) => row.active !== false;

function average(rows: Submission[]): number | null {
  const scores = rows.map((r) => r.score).filter((s): s is number => typeof s === 'number');
  return scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
}

/** /Grades?exercise_id= or ?exam_id=: every student of the class with status and score; review, CSV and Excel export. */
export default function Grades() {
  const [params, setParams] = useSearchParams();
  const work = workFromParams(params);
  const goBack = useGoBack('/DashboardTeacher');
  const { t } = useTranslation('teacher');
  const xlsx = useGradesExport();
  const rows = useQuery({ ...submissionsQuery(work ?? { kind: 'exercise', id: 0 }), enabled: work != null });

  if (!work)
    return (
      <NotFoundState message={t('grades.noWork')} backTo="/DashboardTeacher" backLabel={t('grades.backToDashboard')} />
    );
  const isExam = work.kind === 'exam';
  const header = (
    <>
      <Button onClick={goBack} sx={{ mb: 1 }}>
        {t('grades.back')}
      </Button>
      <PageTitle>{isExam ? t('grades.title.exam') : t('grades.title.exercise')}</PageTitle>
    </>
  );
  if (!rows.data) {
    return (
      <>
        {header}
        {rows.isError ? (
          <ErrorState message={t('grades.failed')} error={rows.error} onRetry={() => void rows.refetch()} />
        ) : (
          <LoadingState />
        )}
      </>
    );
  }
  const list = rows.data;
  // Filter and order live in the URL, so Back from a review returns to the same list.
  const filter = parseFilter(params.get('filter'));
  const sort = parseSort(params.get('sort'));
  const setParam = (key: string, value: string, initial: string) => {
    const next = new URLSearchParams(params);
    if (value === initial) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  const shownRows = filterRows(sortRows(list, sort), filter);
  const members = list.filter(counted);
  const toReview = members.filter(needsReview).length;
  const submitted = members.filter((r) => r.status === 'Submitted').length;
  const avg = average(members);
  const exportFailure = !xlsx.error
    ? null
    : xlsx.error.message
      ? t('grades.export.failedWith', { reason: xlsx.error.message })
      : t('grades.export.failed');

  return (
    <Box>
      {header}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ my: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography color="text.secondary">
          {[
            t('grades.summary.submitted', { submitted, count: members.length }),
            ...(avg != null ? [t('grades.summary.average', { score: formatScore(avg) })] : []),
            ...(toReview > 0 ? [t('grades.summary.toReview', { count: toReview })] : []),
          ].join(' · ')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" component={RouterLink} to={`/Analysis?${workQuery(work)}`}>
            {t('grades.analysis')}
          </Button>
          {isExam && (
            <Button variant="outlined" component={RouterLink} to={`/ExamMonitor?exam_id=${work.id}`}>
              {t('grades.monitor')}
            </Button>
          )}
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            disabled={list.length === 0}
            onClick={() => downloadGradesCsv(`${work.kind}-${work.id}-grades.csv`, list)}
          >
            {t('grades.export.csv')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={list.length === 0 || xlsx.isPending}
            onClick={() => xlsx.mutate({ work, rows: list })}
          >
            {xlsx.isPending ? t('grades.export.exporting') : t('grades.export.excel')}
          </Button>
        </Stack>
      </Stack>
      {exportFailure && (
        <Alert severity="error" onClose={() => xlsx.reset()} sx={{ mb: 2 }}>
          {exportFailure}
        </Alert>
      )}
      {list.length > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={filter}
            onChange={(_, value: string | null) => value && setParam('filter', value, 'all')}
            aria-label={t('grades.filter.label')}
          >
            {FILTERS.map((f) => (
              <ToggleButton
                key={f.value}
                value={f.value}
                sx={{ textTransform: 'none', px: 1.5, color: 'text.primary' }}
              >
                {t(f.labelKey)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <TextField
            select
            size="small"
            label={t('grades.sort.label')}
            value={sort}
            onChange={(e) => setParam('sort', e.target.value, 'submitted')}
            sx={{ minWidth: 200, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          >
            {SORTS.map((s) => (
              <MenuItem key={s.value} value={s.value}>
                {t(s.labelKey)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
      {list.length === 0 ? (
        <EmptyState message={t('grades.noStudents')} />
      ) : shownRows.length === 0 ? (
        <EmptyState message={filter === 'review' ? t('grades.emptyReview') : t('grades.emptyNotSubmitted')} />
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
          <Table
            size="small"
            aria-label={isExam ? t('grades.table.labelExam') : t('grades.table.labelExercise')}
            sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('grades.table.name')}</TableCell>
                {/* On a phone the NIS and the score go under the name, so every column fits on the screen. */}
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('grades.table.nis')}</TableCell>
                <TableCell>{t('grades.table.status')}</TableCell>
                {/* On a phone the score goes under the name. */}
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('grades.table.score')}
                </TableCell>
                <TableCell sx={stickyActionSx}>{t('grades.table.action')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shownRows.map((r) => (
                <TableRow key={r.student_id} sx={counted(r) ? undefined : { '& td': { color: 'text.secondary' } }}>
                  <TableCell sx={{ overflowWrap: 'break-word', minWidth: 96 }}>
                    <Box component="span" sx={{ display: 'block' }}>
                      {r.name}
                    </Box>
                    {!counted(r) && (
                      <Chip size="small" variant="outlined" label={t('grades.deactivated')} sx={{ mt: 0.5 }} />
                    )}
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: { xs: 'block', sm: 'none' }, whiteSpace: 'nowrap' }}
                    >
                      {r.nis}
                    </Typography>
                    {r.score != null && (
                      <Typography variant="caption" sx={{ display: { xs: 'block', sm: 'none' }, fontWeight: 600 }}>
                        {t('grades.table.scoreOnPhone', { score: formatScore(r.score) })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{r.nis}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                      <StatusChip status={r.status} />
                      <ReviewMarks row={r} />
                    </Stack>
                  </TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {formatScore(r.score)}
                  </TableCell>
                  <TableCell sx={stickyActionSx}>
                    {r.sheet_id != null ? (
                      <Button
                        size="small"
                        component={RouterLink}
                        to={`/Review?${workQuery(work)}&student_id=${r.student_id}`}
                        aria-label={t('grades.table.reviewOf', { name: r.name })}
                      >
                        {t('grades.table.review')}
                      </Button>
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        -
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {members.length < list.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('grades.deactivatedNote')}
        </Typography>
      )}
    </Box>
  );
}
