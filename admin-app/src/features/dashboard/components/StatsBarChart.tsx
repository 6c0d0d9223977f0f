// The drawing of one dashboard chart (@mui/x-charts), in a chunk of its own that loads after the statistics arrived;
// its card, title and screen-reader table are on screen before it (StatsCharts.tsx).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@mui/x-charts/BarChart';
import { growingBar } from '@kelasku/shared-ui/src/chartAnimation';
import { formatNumber } from '@kelasku/shared-ui/src/numbers';
import type { ChartSpec } from '../chart-data';

const CHART_HEIGHT = 300;

export default function StatsBarChart({ spec, labels }: { spec: ChartSpec; labels: string[] }) {
  const { t } = useTranslation('admin');
  // The spec's per-bar delay counts the dataset's place in its chart.
  const bar = useMemo(() => growingBar(spec.series.map((s) => s.id)), [spec]);
  return (
    <BarChart
      height={CHART_HEIGHT}
      skipAnimation
      slots={{ bar }}
      xAxis={[{ scaleType: 'band', data: labels, label: t('charts.classes'), height: 45 }]}
      yAxis={[{ label: t('charts.studentsAmount'), tickMinStep: 1, valueFormatter: (v: number) => formatNumber(v) }]}
      series={spec.series.map((s) => ({ id: s.id, label: s.label, color: s.color, data: s.values }))}
      slotProps={{
        legend: {
          direction: 'horizontal',
          position: { vertical: 'top', horizontal: 'start' },
          toggleVisibilityOnClick: true,
        },
      }}
    />
  );
}
