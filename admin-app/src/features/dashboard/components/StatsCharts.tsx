// The dashboard's two chart cards: title, the chart's place and the numbers as a screen-reader table show with the
// statistics; the drawing (@mui/x-charts) follows in a chunk of its own.
import { lazy, Suspense, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AdminStats } from '@kelasku/shared-api';
import { LoadingState } from '@kelasku/shared-ui/src/states';
import { classLabels, examChart, taskChart, type ChartSpec } from '../chart-data';

const StatsBarChart = lazy(() => import('./StatsBarChart'));

// Visually hidden but read by screen readers (MUI's visuallyHidden lives in @mui/utils, which is not shared).
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

// The drawing's place: x-charts' legend above its 300 px SVG (StatsBarChart.tsx), measured in Chromium.
const DRAWING_HEIGHT = 332;

/** One chart's card: its title, the drawing (once loaded) and the same numbers as a screen-reader table. */
function StatsFigure({ spec, labels }: { spec: ChartSpec; labels: string[] }) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  return (
    <Paper component="figure" aria-labelledby={titleId} variant="outlined" sx={{ m: 0, p: 2, minWidth: 0 }}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {spec.title}
      </Typography>
      {/* Many classes scroll sideways, so the scroller must stay keyboard-reachable. */}
      <Box sx={{ overflowX: 'auto' }} role="region" aria-label={t('charts.region', { title: spec.title })} tabIndex={0}>
        <Box sx={{ minWidth: Math.max(300, labels.length * 64), minHeight: DRAWING_HEIGHT }}>
          <Suspense fallback={<LoadingState text={t('dashboard.loadingCharts')} />}>
            <StatsBarChart spec={spec} labels={labels} />
          </Suspense>
        </Box>
      </Box>
      {/* A table cannot shrink to 1 px, so the hiding is done by a wrapper. */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>{spec.title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('charts.classes')}</th>
              {spec.series.map((s) => (
                <th key={s.id} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {spec.series.map((s) => (
                  <td key={s.id}>{s.values[i]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Paper>
  );
}

/** The two dashboard charts. */
export function StatsCharts({ stats }: { stats: AdminStats }) {
  const { t } = useTranslation('admin');
  const labels = useMemo(() => classLabels(stats.classes, t), [stats, t]);
  const tasks = useMemo(() => taskChart(stats.classes, t), [stats, t]);
  const exams = useMemo(() => examChart(stats.classes, t), [stats, t]);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr' }}>
      <StatsFigure spec={tasks} labels={labels} />
      <StatsFigure spec={exams} labels={labels} />
    </Box>
  );
}
