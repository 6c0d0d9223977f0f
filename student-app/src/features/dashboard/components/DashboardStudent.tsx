import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Banner } from '@kelasku/shared-ui/src/Banner';
import { ErrorState, LoadingState, useUsableMark } from '@kelasku/shared-ui/src/states';
import { WelcomeLine } from '@kelasku/shared-ui/src/WelcomeLine';
import { awaitsData } from '../../../lib/query-state';
import { studentStatsQuery } from '../api';
import { TodoList } from './TodoList';

function ProgressTile({ done, total, label }: { done: number; total: number; label: string }) {
  const { t } = useTranslation('student');
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Paper variant="outlined" component="li" sx={{ p: { xs: 1.5, sm: 2.5 }, listStyle: 'none', minWidth: 0 }}>
      <Typography sx={{ fontSize: { xs: '1.3rem', sm: '1.8rem' }, fontWeight: 700 }}>
        {done}{' '}
        <Typography component="span" color="text.secondary">
          {t('dashboard.progress.ofTotal', { total })}
        </Typography>
      </Typography>
      <Typography sx={{ mb: 1.5, fontSize: { xs: '0.85rem', sm: '1rem' } }}>{label}</Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('dashboard.progress.percent', { label, percent })}
      />
    </Paper>
  );
}

/** /DashboardStudent: banner, welcome line, the student's real progress, then the to-do list (asked for once the numbers are in). */
export default function DashboardStudent() {
  const { t } = useTranslation('student');
  const query = useQuery(studentStatsQuery());
  const { data } = query;
  const loading = awaitsData(query);
  useUsableMark(!loading);
  // Once the numbers have settled (shown or failed) the to-do list stays, also while they are reloaded.
  const [numbersSettled, setNumbersSettled] = useState(false);
  // Set during render (not in an effect): numbers already in the cache show the list in the same first render.
  if (!loading && !numbersSettled) setNumbersSettled(true);
  return (
    <>
      <Banner title={t('dashboard.title')} />
      <WelcomeLine fallback={t('dashboard.guest')} />
      <Paper sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="progress-status">
        <Typography id="progress-status" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
          {t('dashboard.progress.title')}
        </Typography>
        {loading && <LoadingState />}
        {!loading && !data && (
          <ErrorState
            message={t('dashboard.progress.error')}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )}
        {!loading && data && (
          <Box
            component="ul"
            sx={{
              p: 0,
              m: 0,
              display: 'grid',
              gap: { xs: 1, sm: 2 },
              gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
            }}
          >
            <ProgressTile
              done={data.materials.done}
              total={data.materials.total}
              label={t('dashboard.progress.materials')}
            />
            <ProgressTile done={data.tasks.completed} total={data.tasks.total} label={t('dashboard.progress.tasks')} />
            <ProgressTile done={data.exams.completed} total={data.exams.total} label={t('dashboard.progress.exams')} />
          </Box>
        )}
      </Paper>
      {/* After the numbers: the first screen's own request goes first, and nothing above moves when this arrives. */}
      {numbersSettled && <TodoList />}
    </>
  );
}
