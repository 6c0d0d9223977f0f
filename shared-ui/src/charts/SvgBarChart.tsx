import { styled } from '@mui/material/styles';
import { barDelayMs } from './animation';
import { ChartFrame } from './ChartFrame';
import { bandBars } from './chartScale';
import { growFromAxis } from './growAnimation';

/** A series of a bar chart: one value per label; null draws no bar (no data). */
export interface BarSeries {
  id: string;
  color: string;
  values: (number | null)[];
}

export interface SvgBarChartProps {
  labels: string[];
  series: BarSeries[];
  height: number;
  yLabel: string;
  xLabel?: string;
  /** A fixed top of the y axis (else the data's maximum, rounded up to a tick). */
  yMax?: number;
  tickMinStep?: number;
}

// Each bar grows from the axis with the spec's per-bar delay (set inline from its indexes).
const Bar = styled('rect')(growFromAxis);

/** Grouped bars on a band axis, drawn as plain SVG (aria-hidden: give screen readers the numbers as text). */
export function SvgBarChart({ labels, series, height, yLabel, xLabel, yMax, tickMinStep }: SvgBarChartProps) {
  const n = labels.length;
  const bars = bandBars(n, series.length);
  const dataMax = Math.max(0, ...series.flatMap((s) => s.values.map((v) => v ?? 0)));
  return (
    <ChartFrame
      height={height}
      yLabel={yLabel}
      xLabel={xLabel}
      labels={labels}
      labelX={(i) => ((i + 0.5) / n) * 100}
      tickXs={Array.from({ length: n + 1 }, (_, i) => (i / n) * 100)}
      dataMax={dataMax}
      yMax={yMax}
      tickMinStep={tickMinStep}
    >
      {({ plotH, y }) =>
        labels.map((label, i) =>
          series.map((s, j) => {
            const v = s.values[i];
            if (v === null || v === undefined) return null;
            const { x, w } = bars(i, j);
            const delay = barDelayMs(i, j);
            return <Bar key={`${label}-${s.id}`} x={x} width={w} y={y(v)} height={plotH - y(v)} fill={s.color} data-delay-ms={delay} style={{ animationDelay: `${delay}ms` }} />;
          }),
        )
      }
    </ChartFrame>
  );
}
