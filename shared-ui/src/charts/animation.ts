// The spec's chart animation: 1000 ms with easeInOutQuart; each bar is delayed by
// dataIndex × 300 ms + datasetIndex × 100 ms. Done with CSS animations, so no animation library is loaded.
export const CHART_ANIMATION_MS = 1000;

/** easeInOutQuart as a CSS cubic-bézier. */
export const EASE_IN_OUT_QUART = 'cubic-bezier(0.76, 0, 0.24, 1)';

export function barDelayMs(dataIndex: number, datasetIndex: number): number {
  return dataIndex * 300 + datasetIndex * 100;
}
