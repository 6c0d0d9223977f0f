import { Box, LinearProgress, Paper, Typography } from '@mui/material';
import { statsApi } from '@kelasku/shared-api';
import { Banner, ErrorState, LoadingState, WelcomeLine } from '@kelasku/shared-ui';
import { useAsync } from '../../lib/useAsync';

function ProgressTile({ done, total, label }: { done: number; total: number; label: string }) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2.5, listStyle: 'none' }}>
      <Typography sx={{ fontSize: '1.8rem', fontWeight: 700 }}>
        {done} <Typography component="span" color="text.secondary">of {total}</Typography>
      </Typography>
      <Typography sx={{ mb: 1.5 }}>{label}</Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={`${label}: ${percent}%`} />
    </Paper>
  );
}

/** /DashboardStudent: banner, welcome line and the student's real progress. */
export function DashboardStudent() {
  const { data, error, loading, reload } = useAsync(() => statsApi.student(), []);
  return (
    <>
      <Banner title="Dashboard" />
      <WelcomeLine fallback="Guest" />
      <Paper sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="progress-status">
        <Typography id="progress-status" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>Progress Status build-48a40af3</Typography>
        {loading && <LoadingState />}
        {!loading && (error || !data) && <ErrorState message="Could not load your progress, please try again later." onRetry={reload} />}
        {!loading && data && (
          <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
            <ProgressTile done={data.materials.done} total={data.materials.total} label="subjects completed" />
            <ProgressTile done={data.tasks.completed} total={data.tasks.total} label="tasks completed" />
            <ProgressTile done={data.exams.completed} total={data.exams.total} label="exams completed" />
          </Box>
        )}
      </Paper>
    </>
  );
}
