import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AdminStats } from '@kelasku/shared-api';
import { SvgBarChart } from '@kelasku/shared-ui/src/charts';
import { classLabels, examChart, taskChart, type ChartSpec } from '../chart-data';

// Visually hidden but read by screen readers (MUI's visuallyHidden lives in @mui/utils, which is not shared).
const visuallyHidden = {
  border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute',
  whiteSpace: 'nowrap', width: '1px',
} as const;

/** One bar chart plus the same numbers as a screen-reader table (the SVG alone says little to assistive tech). */
function StatsBarChart({ spec, labels }: { spec: ChartSpec; labels: string[] }) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  return (
    <Paper component="figure" aria-labelledby={titleId} variant="outlined" sx={{ m: 0, p: 2, minWidth: 0 }}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {spec.title}
      </Typography>
      {/* Our own legend, outside the scroll area, so it stays visible when many classes scroll sideways. */}
      <Box component="ul" aria-hidden="true" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mb: 1 }}>
        {spec.series.map((s) => (
          <Box component="li" key={s.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: '0.875rem' }}>
            <Box component="span" sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: s.color }} />
            {s.label}
          </Box>
        ))}
      </Box>
      {/* The scroller must stay keyboard-reachable (many classes scroll sideways); the drawing itself is hidden
          from screen readers, which read the table below instead. */}
      <Box sx={{ overflowX: 'auto' }} role="region" aria-label={t('charts.region', { title: spec.title })} tabIndex={0}>
        <Box sx={{ minWidth: Math.max(300, labels.length * 64) }}>
          <SvgBarChart
            height={300}
            tickMinStep={1}
            labels={labels}
            series={spec.series.map((s) => ({ id: s.id, color: s.color, values: s.values }))}
            xLabel={t('charts.classes')}
            yLabel={t('charts.studentsAmount')}
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
