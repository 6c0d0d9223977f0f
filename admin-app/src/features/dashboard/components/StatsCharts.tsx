// The dashboard's two bar charts (@mui/x-charts), in a chunk of their own that loads after the statistics arrive.
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { AdminStats } from '@kelasku/shared-api';
import { growingBar } from '@kelasku/shared-ui/src/chartAnimation';
import { formatNumber } from '@kelasku/shared-ui/src/numbers';
import { classLabels, examChart, taskChart, type ChartSpec } from '../chart-data';

// Visually hidden but read by screen readers (MUI's visuallyHidden lives in @mui/utils, which is not shared).
const visuallyHidden = {
  border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute',
  whiteSpace: 'nowrap', width: '1px',
} as const;

const CHART_HEIGHT = 300;

/** One bar chart plus the same numbers as a screen-reader table. */
function StatsBarChart({ spec, labels }: { spec: ChartSpec; labels: string[] }) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  // The spec's per-bar delay counts the dataset's place in its chart.
  const bar = useMemo(() => growingBar(spec.series.map((s) => s.id)), [spec]);
  return (
    <Paper component="figure" aria-labelledby={titleId} variant="outlined" sx={{ m: 0, p: 2, minWidth: 0 }}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {spec.title}
      </Typography>
      {/* Many classes scroll sideways, so the scroller must stay keyboard-reachable. */}
      <Box sx={{ overflowX: 'auto' }} role="region" aria-label={t('charts.region', { title: spec.title })} tabIndex={0}>
        <Box sx={{ minWidth: Math.max(300, labels.length * 64) }}>
          <BarChart
            height={CHART_HEIGHT}
            skipAnimation
            slots={{ bar }}
            xAxis={[{ scaleType: 'band', data: labels, label: t('charts.classes'), height: 45 }]}
            yAxis={[{ label: t('charts.studentsAmount'), tickMinStep: 1, valueFormatter: (v: number) => formatNumber(v) }]}
            series={spec.series.map((s) => ({ id: s.id, label: s.label, color: s.color, data: s.values }))}
            slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'start' }, toggleVisibilityOnClick: true } }}
          />
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
                <th key={s.id} scope="col">{s.label}</th>
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
export default function StatsCharts({ stats }: { stats: AdminStats }) {
  const { t } = useTranslation('admin');
  const labels = useMemo(() => classLabels(stats.classes, t), [stats, t]);
  const tasks = useMemo(() => taskChart(stats.classes, t), [stats, t]);
  const exams = useMemo(() => examChart(stats.classes, t), [stats, t]);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr' }}>
      <StatsBarChart spec={tasks} labels={labels} />
      <StatsBarChart spec={exams} labels={labels} />
    </Box>
  );
}
