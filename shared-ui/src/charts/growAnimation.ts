import { keyframes } from '@mui/material/styles';
import { CHART_ANIMATION_MS, EASE_IN_OUT_QUART } from './animation';

const grow = keyframes`
  from { transform: scaleY(0); }
  to { transform: scaleY(1); }
`;

/** Styles that grow an SVG shape up from its bottom edge (the x axis) in the spec's 1000 ms easeInOutQuart. */
export const growFromAxis = {
  transformBox: 'fill-box',
  transformOrigin: 'bottom',
  animationName: grow,
  animationDuration: `${CHART_ANIMATION_MS}ms`,
  animationTimingFunction: EASE_IN_OUT_QUART,
  // 'both': a delayed bar stays flat until its turn.
  animationFillMode: 'both',
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
} as const;
