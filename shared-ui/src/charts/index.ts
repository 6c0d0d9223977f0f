// Plain-SVG charts for the dashboards. Imported by deep path ('@kelasku/shared-ui/src/charts'), never from the
// package index: '@kelasku/shared-ui' is a shared singleton the shell provides, and only the remotes that draw
// charts should carry this code (README "Deviations from the decided stack").
export { SvgBarChart, type SvgBarChartProps, type BarSeries } from './SvgBarChart';
export { SvgAreaChart, type SvgAreaChartProps } from './SvgAreaChart';
export { CHART_ANIMATION_MS, EASE_IN_OUT_QUART, barDelayMs } from './animation';
export { niceScale, bandBars } from './chartScale';
