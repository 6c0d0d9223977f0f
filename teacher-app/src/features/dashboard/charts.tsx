// The dashboard's charts. Loaded lazily so @mui/x-charts is not part of the first screen's bundle.
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { kelaskuColors } from '@kelasku/shared-ui';

export interface PerformanceChartProps {
  labels: string[];
  averages: (number | null)[];
}

export function PerformanceChart({ labels, averages }: PerformanceChartProps) {
  return (
    <BarChart
      height={240}
      xAxis={[{ scaleType: 'band', data: labels, label: 'Grade' }]}
      yAxis={[{ min: 0, max: 100, label: 'Average score' }]}
      series={[{ data: averages, label: 'Average score', color: kelaskuColors.primary }]}
      hideLegend
    />
  );
}

export interface SubmissionsChartProps {
  labels: string[];
  counts: number[];
}

export function SubmissionsChart({ labels, counts }: SubmissionsChartProps) {
  return (
    <LineChart
      height={240}
      xAxis={[{ scaleType: 'point', data: labels }]}
      // A fixed minimum range keeps an all-zero series readable ('0, 1, 2…' instead of '0.00…').
      yAxis={[{ min: 0, max: Math.max(5, ...counts), tickMinStep: 1, label: 'Submissions' }]}
      series={[{ data: counts, label: 'Submissions', color: kelaskuColors.accent, area: true }]}
      hideLegend
    />
  );
}
