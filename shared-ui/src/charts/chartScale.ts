// Scales for the SVG charts, in the manner of d3's "nice" linear scale and band scale.

/**
 * The y range [0, top] and its ticks: about one tick per 50 px, the step a 1, 2 or 5 × 10ⁿ (at least `minStep`),
 * `top` rounded up to a whole step unless `max` fixes it (then ticks stop at or below it).
 */
export function niceScale(dataMax: number, plotHeight: number, opts: { max?: number; minStep?: number } = {}): { top: number; ticks: number[] } {
  const intervals = Math.max(1, Math.round(plotHeight / 50));
  const span = opts.max ?? (dataMax > 0 ? dataMax : 1);
  const raw = span / intervals;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const normalised = raw / magnitude;
  let step = (normalised <= 1 ? 1 : normalised <= 2 ? 2 : normalised <= 5 ? 5 : 10) * magnitude;
  if (opts.minStep) step = Math.max(step, opts.minStep);
  const top = opts.max ?? Math.ceil(span / step) * step;
  const ticks: number[] = [];
  for (let i = 0; i * step <= top + step * 1e-9; i++) ticks.push(Number((i * step).toPrecision(12)));
  return { top, ticks };
}

/**
 * Grouped bars on a band axis in a 0–100 wide plot: 20 % of each band is the gap between categories and 10 % of a
 * bar's width the gap between bars of one category (x-charts' defaults). Returns x and width of bar `j` of band `i`.
 */
export function bandBars(bands: number, perBand: number): (i: number, j: number) => { x: number; w: number } {
  const band = 100 / Math.max(1, bands);
  const barW = (band * 0.8) / (perBand + (perBand - 1) * 0.1);
  return (i, j) => ({ x: i * band + band * 0.1 + j * barW * 1.1, w: barW });
}
