import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { formatNumber } from '../numbers';
import { niceScale } from './chartScale';

/**
 * The axes around an SVG plot: the y axis with its ticks and title, the x tick marks, labels and title. The plot
 * is drawn in a 0–100 wide viewBox stretched to the box's width, so it fits any width; the axis texts are HTML or
 * unstretched SVG, so they never distort. The whole drawing is aria-hidden: callers give screen readers the same
 * numbers as text (a table or a summary).
 */
export interface ChartFrameProps {
  height: number;
  yLabel: string;
  xLabel?: string;
  labels: string[];
  /** Where label `i` sits across the plot, 0–100. */
  labelX: (i: number) => number;
  /** Where the tick marks under the x axis sit, 0–100. */
  tickXs: number[];
  dataMax: number;
  /** A fixed top of the y axis (else the data's maximum, rounded up to a tick). */
  yMax?: number;
  tickMinStep?: number;
  /** Draws the data, given the plot's height and the y scale (value → SVG y). */
  children: (plot: { plotH: number; y: (v: number) => number }) => ReactNode;
}

const TOP_PAD = 10;
const TICK = 6;
const X_LABELS = 22;
const X_TITLE = 22;
const Y_AXIS = 64;

/** Width of an element, kept up to date (0 until measured, e.g. under jsdom). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export function ChartFrame({ height, yLabel, xLabel, labels, labelX, tickXs, dataMax, yMax, tickMinStep, children }: ChartFrameProps) {
  const { ref, width } = useWidth();
  const plotH = height - TOP_PAD - TICK - X_LABELS - (xLabel ? X_TITLE : 0);
  const { top, ticks } = niceScale(dataMax, plotH, { max: yMax, minStep: tickMinStep });
  const y = (v: number) => plotH - (Math.min(v, top) / top) * plotH;
  // Show every n-th label when they would overlap (about 7 px per character at 12 px).
  const longest = Math.max(...labels.map((l) => l.length));
  const every = width > 0 ? Math.max(1, Math.ceil((labels.length * (longest * 7 + 8)) / width)) : 1;
  const axis = { stroke: 'currentColor', vectorEffect: 'non-scaling-stroke' as const };
  return (
    <Box
      aria-hidden="true"
      sx={{
        display: 'grid',
        gridTemplateColumns: `${Y_AXIS}px minmax(0, 1fr)`,
        gridTemplateRows: `${TOP_PAD + plotH}px ${TICK}px ${X_LABELS}px${xLabel ? ` ${X_TITLE}px` : ''}`,
        color: 'text.primary',
        // Room for half of a label centred on the plot's right edge.
        pr: 3,
      }}
    >
      <svg width={Y_AXIS} height={TOP_PAD + plotH} style={{ overflow: 'visible' }}>
        <text transform={`translate(14 ${TOP_PAD + plotH / 2}) rotate(-90)`} textAnchor="middle" dominantBaseline="central" style={{ fontSize: 14, fill: 'currentColor' }}>
          {yLabel}
        </text>
        <g transform={`translate(0 ${TOP_PAD})`}>
          <line x1={Y_AXIS - 0.5} x2={Y_AXIS - 0.5} y1={0} y2={plotH} stroke="currentColor" />
          {ticks.map((tick) => (
            <g key={tick} transform={`translate(0 ${y(tick)})`}>
              <line x1={Y_AXIS - TICK} x2={Y_AXIS} stroke="currentColor" />
              <text x={Y_AXIS - TICK - 3} textAnchor="end" dominantBaseline="central" style={{ fontSize: 12, fill: 'currentColor' }}>{formatNumber(tick)}</text>
            </g>
          ))}
        </g>
      </svg>
      <Box ref={ref} sx={{ gridRow: '1 / span 2', gridColumn: 2, pt: `${TOP_PAD}px` }}>
        {/* Stretched to the box's width: shapes keep their proportions, strokes keep their width. */}
        <svg width="100%" height={plotH + TICK} viewBox={`0 0 100 ${plotH + TICK}`} preserveAspectRatio="none" style={{ display: 'block', overflow: 'visible' }}>
          {children({ plotH, y })}
          <line x1={0} x2={100} y1={plotH - 0.5} y2={plotH - 0.5} {...axis} />
          {tickXs.map((x) => (
            <line key={x} x1={x} x2={x} y1={plotH} y2={plotH + TICK} {...axis} />
          ))}
        </svg>
      </Box>
      <Box sx={{ gridRow: 3, gridColumn: 2, position: 'relative', fontSize: 12 }}>
        {labels.map((label, i) =>
          i % every === 0 ? (
            <Box key={label} component="span" sx={{ position: 'absolute', left: `${labelX(i)}%`, top: 2, transform: 'translateX(-50%)', whiteSpace: 'nowrap' }}>
              {label}
            </Box>
          ) : null,
        )}
      </Box>
      {xLabel && <Box sx={{ gridRow: 4, gridColumn: 2, textAlign: 'center', fontSize: 14 }}>{xLabel}</Box>}
    </Box>
  );
}
