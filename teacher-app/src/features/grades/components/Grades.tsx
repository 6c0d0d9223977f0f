import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { EmptyState, ErrorState, LoadingState, NotFoundState } from '@kelasku/shared-ui';
import { formatScore } from '@kelasku/shared-ui/src/numbers';
import type { Submission } from '@kelasku/shared-api';
import { useGoBack } from '@kelasku/shared-ui/src/useGoBack';
import { downloadGradesCsv } from '../csv';
import { workFromParams, workQuery, type WorkRef } from '../../../lib/work';
import { submissionsQuery, useGradesExport } from '../api';
import {
  counted,
  FILTERS,
  filterRows,
  needsReview,
  parseFilter,
  parseSort,
  SORTS,
  sortRows,
  type GradesFilter,
  type GradesSort,
} from '../queue';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';
import { GradesTable } from './GradesTable';

function average(rows: Submission[]): number | null {
  const scores = rows.map((r) => r.score).filter((s): s is number => typeof s === 'number');
  return scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
}

type GradesExport = ReturnType<typeof useGradesExport>;

/** How many of the counted students submitted, their average, and how many sheets wait for a review. */
function GradesSummary({ members }: { members: Submission[] }) {
  const { t } = useTranslation('teacher');
  const toReview = members.filter(needsReview).length;
  const submitted = members.filter((r) => r.status === 'Submitted').length;
  const avg = average(members);
  return (
    <Typography color="text.secondary">
      {[
        t('grades.summary.submitted', { submitted, count: members.length }),
        ...(avg != null ? [t('grades.summary.average', { score: formatScore(avg) })] : []),
        ...(toReview > 0 ? [t('grades.summary.toReview', { count: toReview })] : []),
      ].join(' · ')}
    </Typography>
  );
}

/** Links to the analysis (and an exam's monitor) and the CSV and Excel downloads of the whole list. */
function GradesActions({ work, list, xlsx }: { work: WorkRef; list: Submission[]; xlsx: GradesExport }) {
  const { t } = useTranslation('teacher');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button variant="outlined" component={RouterLink} to={`/Analysis?${workQuery(work)}`}>
        {t('grades.analysis')}
      </Button>
      {work.kind === 'exam' && (
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
  );
}

function ExportFailure({ xlsx }: { xlsx: GradesExport }) {
  const { t } = useTranslation('teacher');
  if (!xlsx.error) return null;
  return (
    <Alert severity="error" onClose={() => xlsx.reset()} sx={{ mb: 2 }}>
      {xlsx.error.message ? t('grades.export.failedWith', { reason: xlsx.error.message }) : t('grades.export.failed')}
    </Alert>
  );
}

/** Which sheets are listed and in which order; both live in the URL, so Back from a review returns to the same list. */
function ListControls({
  filter,
  sort,
  setParam,
}: {
  filter: GradesFilter;
  sort: GradesSort;
  setParam: (key: string, value: string, initial: string) => void;
}) {
  const { t } = useTranslation('teacher');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={filter}
        onChange={(_, value: string | null) => value && setParam('filter', value, 'all')}
        aria-label={t('grades.filter.label')}
      >
        {FILTERS.map((f) => (
          <ToggleButton key={f.value} value={f.value} sx={{ textTransform: 'none', px: 1.5, color: 'text.primary' }}>
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
  );
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
  const header = (
    <>
      <Button onClick={goBack} sx={{ mb: 1 }}>
        {t('grades.back')}
      </Button>
      <PageTitle>{work.kind === 'exam' ? t('grades.title.exam') : t('grades.title.exercise')}</PageTitle>
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

  return (
    <Box>
      {header}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ my: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <GradesSummary members={members} />
        <GradesActions work={work} list={list} xlsx={xlsx} />
      </Stack>
      <ExportFailure xlsx={xlsx} />
      {list.length > 0 && <ListControls filter={filter} sort={sort} setParam={setParam} />}
      {list.length === 0 ? (
        <EmptyState message={t('grades.noStudents')} />
      ) : shownRows.length === 0 ? (
        <EmptyState message={filter === 'review' ? t('grades.emptyReview') : t('grades.emptyNotSubmitted')} />
      ) : (
        <GradesTable rows={shownRows} work={work} />
      )}
      {members.length < list.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('grades.deactivatedNote')}
        </Typography>
      )}
    </Box>
  );
}
