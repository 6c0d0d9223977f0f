// The spec's chart animation for @mui/x-charts: 1000 ms with easeInOutQuart; each bar is delayed by
// dataIndex × 300 ms + datasetIndex × 100 ms. x-charts' own animation has one fixed duration and no per-bar delay,
// so the charts pass `skipAnimation` and these CSS animations grow the shapes instead (no animation library loaded).
// Imported by path ('@kelasku/shared-ui/src/chartAnimation'): only the chart chunks load it.
import type { ReactNode, SVGProps } from 'react';
import { keyframes, styled } from '@mui/material/styles';

export const CHART_ANIMATION_MS = 1000;

/** easeInOutQuart as a CSS cubic-bézier. */
export const EASE_IN_OUT_QUART = 'cubic-bezier(0.76, 0, 0.24, 1)';

export function barDelayMs(dataIndex: number, datasetIndex: number): number {
  return dataIndex * 300 + datasetIndex * 100;
}

const grow = keyframes`
  from { transform: scaleY(0); }
  to { transform: scaleY(1); }
`;

const growing = {
  animationName: grow,
  animationDuration: `${CHART_ANIMATION_MS}ms`,
  animationTimingFunction: EASE_IN_OUT_QUART,
  // 'both': a delayed bar stays flat until its turn.
  animationFillMode: 'both',
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
} as const;

const LinesFrame = styled('div', { shouldForwardProp: (prop) => prop !== 'axisY' })<{ axisY: number }>(({ axisY }) => ({
  // x-charts' LineChart draws its areas and its lines in these two groups. A line's own box ends at its lowest
  // point, not at the axis, so both grow from the axis's place in the SVG.
  '& .MuiLineChart-areaPlot, & .MuiLineChart-linePlot': {
    ...growing,
    transformBox: 'view-box',
    transformOrigin: `0 ${axisY}px`,
  },
}));

/** Wraps an x-charts LineChart whose areas and lines grow up from the x axis, which lies `axisY` px from the SVG's top. */
export function GrowingLines({ axisY, children }: { axisY: number; children: ReactNode }) {
  return <LinesFrame axisY={axisY}>{children}</LinesFrame>;
}

// A bar's own box ends at the axis (values are never negative here).
const GrowingRect = styled('rect')({ ...growing, transformBox: 'fill-box', transformOrigin: 'bottom' });

/** What x-charts hands its `bar` slot (BarProps of '@mui/x-charts/BarChart'), as far as a bar drawn here needs it. */
export interface ChartBarSlotProps extends Omit<SVGProps<SVGRectElement>, 'ref' | 'color'> {
  seriesId: string | number;
  dataIndex: number;
  color: string;
  ownerState: { isFaded: boolean; isHighlighted: boolean };
  xOrigin: number;
  yOrigin: number;
  layout: 'vertical' | 'horizontal';
  skipAnimation: boolean;
  hidden?: boolean;
}

/**
 * A `bar` slot for x-charts' BarChart whose bars grow with the spec's delays. `seriesOrder` lists the chart's
 * series ids in dataset order (the delay's dataset index). Keep it across renders (module level or useMemo): a new
 * slot remounts the bars, which grow again.
 */
export function growingBar(seriesOrder: readonly string[]) {
  return function GrowingBar({ seriesId, dataIndex, ownerState, style, ...props }: ChartBarSlotProps) {
    // Not SVG attributes. A series switched off in the legend comes with height 0.
    const { color: _color, xOrigin: _x, yOrigin: _y, layout: _l, skipAnimation: _s, hidden: _h, ...rect } = props;
    const delay = barDelayMs(dataIndex, Math.max(0, seriesOrder.indexOf(String(seriesId))));
    return (
      <GrowingRect
        {...rect}
        // x-charts' own bar does the same on hover: the highlighted bar brighter, the others faded.
        filter={ownerState.isHighlighted ? 'brightness(120%)' : undefined}
        opacity={ownerState.isFaded ? 0.3 : 1}
        data-delay-ms={delay}
        style={{ ...style, animationDelay: `${delay}ms` }}
      />
    );
  };
}
