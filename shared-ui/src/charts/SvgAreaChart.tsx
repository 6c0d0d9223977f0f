import { styled } from '@mui/material/styles';
import { ChartFrame } from './ChartFrame';
import { growFromAxis } from './growAnimation';

export interface SvgAreaChartProps {
  labels: string[];
  /** One value per label. */
  values: number[];
  color: string;
  height: number;
  yLabel: string;
  xLabel?: string;
  /** A fixed top of the y axis (else the data's maximum, rounded up to a tick). */
  yMax?: number;
  tickMinStep?: number;
}

// The area and its line grow up from the axis together, in the spec's 1000 ms easeInOutQuart.
const Growing = styled('g')(growFromAxis);

/** A filled line on a point axis (points from edge to edge), drawn as plain SVG (aria-hidden, like SvgBarChart). */
export function SvgAreaChart({ labels, values, color, height, yLabel, xLabel, yMax, tickMinStep }: SvgAreaChartProps) {
  const n = labels.length;
  const labelX = (i: number) => (n === 1 ? 50 : (i / (n - 1)) * 100);
  return (
    <ChartFrame
      height={height}
      yLabel={yLabel}
      xLabel={xLabel}
      labels={labels}
      labelX={labelX}
      tickXs={labels.map((_, i) => labelX(i))}
      dataMax={Math.max(0, ...values)}
      yMax={yMax}
      tickMinStep={tickMinStep}
    >
      {({ plotH, y }) => {
        if (n === 0) return null;
        const points = values.map((v, i) => `${labelX(i)},${y(v)}`);
        return (
          <Growing>
            <path d={`M${labelX(0)},${plotH} L${points.join(' L')} L${labelX(n - 1)},${plotH} Z`} fill={color} fillOpacity={0.25} />
            <path d={`M${points.join(' L')}`} stroke={color} strokeWidth={2} fill="none" vectorEffect="non-scaling-stroke" />
          </Growing>
        );
      }}
    </ChartFrame>
  );
}
