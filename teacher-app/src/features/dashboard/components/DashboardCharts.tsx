// The dashboard's charts, drawn as plain SVG by shared-ui's charts. Loaded lazily, after the stats arrive.
import { useTranslation } from 'react-i18next';
import { kelaskuColors } from '@kelasku/shared-ui/src/theme';
import { SvgAreaChart, SvgBarChart } from '@kelasku/shared-ui/src/charts';

export interface PerformanceChartProps {
  labels: string[];
  averages: (number | null)[];
}

export function PerformanceChart({ labels, averages }: PerformanceChartProps) {
  const { t } = useTranslation('teacher');
  return (
    <SvgBarChart
      height={240}
      labels={labels}
      series={[{ id: 'average', color: kelaskuColors.primary, values: averages }]}
      xLabel={t('dashboard.performance.axisGrade')}
      yLabel={t('dashboard.performance.axisAverage')}
      yMax={100}
    />
  );
}

export interface SubmissionsChartProps {
  labels: string[];
  counts: number[];
}

export function SubmissionsChart({ labels, counts }: SubmissionsChartProps) {
  const { t } = useTranslation('teacher');
  // A fixed minimum range keeps an all-zero series readable ('0, 1, 2…' instead of '0.00…').
  return (
    <SvgAreaChart height={240} labels={labels} values={counts} color={kelaskuColors.accent} yLabel={t('dashboard.submissions.axis')} yMax={Math.max(5, ...counts)} tickMinStep={1} />
  );
}
