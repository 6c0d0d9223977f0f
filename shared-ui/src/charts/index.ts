// Plain-SVG charts for the dashboards. Imported by path ('@kelasku/shared-ui/src/charts', a shared module of its
// own), never from the package index, so only the screens that draw charts load this code (README "Deviations from
// the decided stack").
export { SvgBarChart, type SvgBarChartProps, type BarSeries } from './SvgBarChart';
export { SvgAreaChart, type SvgAreaChartProps } from './SvgAreaChart';
export { CHART_ANIMATION_MS, EASE_IN_OUT_QUART, barDelayMs } from './animation';
export { niceScale, bandBars } from './chartScale';
