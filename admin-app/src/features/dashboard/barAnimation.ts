// The spec's chart animation: 1000 ms, easeInOutQuart, each bar delayed by
// dataIndex × 300 ms + datasetIndex × 100 ms. x-charts animates all bars together and has no per-bar delay,
// so the bars are drawn by our own slot (AnimatedBar) with a CSS animation instead.
export const BAR_ANIMATION_MS = 1000;

/** easeInOutQuart as a CSS cubic-bézier. */
export const EASE_IN_OUT_QUART = 'cubic-bezier(0.76, 0, 0.24, 1)';

export function barDelayMs(dataIndex: number, datasetIndex: number): number {
  return dataIndex * 300 + datasetIndex * 100;
}
