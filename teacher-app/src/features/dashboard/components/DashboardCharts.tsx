// The dashboard's charts (@mui/x-charts), in a chunk of their own that loads after the statistics arrive.
// Screen readers read each chart's summary under it (DashboardTeacher.tsx).
import { useTranslation } from 'react-i18next';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { kelaskuColors } from '@kelasku/shared-ui/src/theme';
import { GrowingLines, growingBar } from '@kelasku/shared-ui/src/chartAnimation';
import { formatNumber } from '@kelasku/shared-ui/src/numbers';

const CHART_HEIGHT = 240;
// Fixed sizes, so the x axis lies at a known height of the SVG (the area's animation grows from it).
const MARGIN = { top: 8, right: 16, bottom: 0, left: 0 };
const X_AXIS_HEIGHT = 45;
const Y_AXIS_WIDTH = 56;
const formatTick = (v: number) => formatNumber(v);
const formatValue = (v: number | null) => (v == null ? '' : formatNumber(v));

const AverageBar = growingBar(['average']);

export interface PerformanceChartProps {
  labels: string[];
  averages: (number | null)[];
}

export function PerformanceChart({ labels, averages }: PerformanceChartProps) {
  const { t } = useTranslation('teacher');
  return (
    <BarChart
      height={CHART_HEIGHT}
      margin={MARGIN}
      skipAnimation
      hideLegend
      slots={{ bar: AverageBar }}
      xAxis={[{ scaleType: 'band', data: labels, label: t('dashboard.performance.axisGrade'), height: X_AXIS_HEIGHT }]}
      yAxis={[
        {
          min: 0,
          max: 100,
          label: t('dashboard.performance.axisAverage'),
          width: Y_AXIS_WIDTH,
          valueFormatter: formatTick,
        },
      ]}
      series={[
        {
          id: 'average',
          label: t('dashboard.performance.axisAverage'),
          color: kelaskuColors.primary,
          data: averages,
          valueFormatter: formatValue,
        },
      ]}
    />
  );
}

export interface SubmissionsChartProps {
  labels: string[];
  counts: number[];
}

export function SubmissionsChart({ labels, counts }: SubmissionsChartProps) {
  const { t } = useTranslation('teacher');
  return (
    <GrowingLines axisY={CHART_HEIGHT - MARGIN.bottom - X_AXIS_HEIGHT}>
      <LineChart
        height={CHART_HEIGHT}
        margin={MARGIN}
        skipAnimation
        hideLegend
        xAxis={[{ scaleType: 'point', data: labels, height: X_AXIS_HEIGHT }]}
        // A fixed minimum range keeps an all-zero series readable ('0, 1, 2…' instead of '0.00…').
        yAxis={[
          {
            min: 0,
            max: Math.max(5, ...counts),
            tickMinStep: 1,
            label: t('dashboard.submissions.axis'),
            width: Y_AXIS_WIDTH,
            valueFormatter: formatTick,
          },
        ]}
        series={[
          {
            id: 'submissions',
            label: t('dashboard.submissions.axis'),
            color: kelaskuColors.accent,
            data: counts,
            area: true,
            showMark: false,
            valueFormatter: formatValue,
          },
        ]}
      />
    </GrowingLines>
  );
}
