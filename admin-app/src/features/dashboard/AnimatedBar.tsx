import { keyframes, styled } from '@mui/material/styles';
import type { BarProps } from '@mui/x-charts/BarChart';
import { BAR_ANIMATION_MS, EASE_IN_OUT_QUART, barDelayMs } from './barAnimation';

const grow = keyframes`
  from { transform: scaleY(0); }
  to { transform: scaleY(1); }
`;

const Rect = styled('rect')({
  transformBox: 'fill-box',
  transformOrigin: 'bottom',
  animationName: grow,
  animationDuration: `${BAR_ANIMATION_MS}ms`,
  animationTimingFunction: EASE_IN_OUT_QUART,
  animationFillMode: 'both',
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
});

/**
 * A bar slot for x-charts that grows from the axis with the spec's per-bar delay.
 * `seriesOrder` gives each series its dataset index (the order the series are drawn in).
 */
export function animatedBar(seriesOrder: readonly string[]) {
  // BarElement also passes `hidden` (a series toggled off in the legend), which BarProps does not declare.
  function AnimatedBar(props: BarProps & { hidden?: boolean }) {
    const {
      seriesId, dataIndex, color, ownerState, xOrigin, yOrigin, layout, skipAnimation, x, y, width, height, hidden,
      ...svgProps
    } = props;
    void xOrigin; void yOrigin; void layout; void skipAnimation; // not DOM attributes
    if (hidden) return null;
    const delay = barDelayMs(dataIndex, Math.max(0, seriesOrder.indexOf(String(seriesId))));
    return (
      <Rect
        {...svgProps}
        x={x}
        y={y}
        width={Math.max(0, width)}
        height={Math.max(0, height)}
        fill={color}
        filter={ownerState.isHighlighted ? 'brightness(120%)' : undefined}
        opacity={ownerState.isFaded ? 0.3 : 1}
        data-delay-ms={delay}
        style={{ ...svgProps.style, animationDelay: `${delay}ms` }}
      />
    );
  }
  return AnimatedBar;
}
