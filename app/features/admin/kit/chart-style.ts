/**
 * The look shared by the back office's charts (dashboard, audience, a campaign's timeline): the
 * brand's greens, the grid and axes in grey, the frame around the figures, and the two kinds of
 * area series. Plain values, so importing them never pulls Recharts into a screen's bundle.
 */

/** The colours of the charts: the brand's greens (Tailwind's green-700 and green-500), grid and axes. */
export const CHART_COLORS = {
  brand700: '#15803d',
  brand500: '#22c55e',
  grid: '#e5e7eb',
  axis: '#4b5563',
} as const;

/** The axes' props: grey, small figures, no tick marks. */
export const axisProps = { stroke: CHART_COLORS.axis, fontSize: 12, tickLine: false } as const;

/**
 * The chart's own props: the margin around the figures, and accessibilityLayer={false}, since the
 * drawing is hidden from screen readers (a table beside it holds the same figures), so it must not
 * take the keyboard's focus either (axe: aria-hidden-focus).
 */
export const chartProps = {
  accessibilityLayer: false,
  margin: { top: 8, right: 16, bottom: 0, left: -16 },
} as const;

/**
 * Every series is drawn at once, not animated in: Recharts' draw-in renders the chart again on
 * every frame for a second and a half, which took 0.7 s of CPU on the dashboard's first load in
 * the browser tests' phone (1.2 s instead of 1.9 s) and kept a cheap phone busy for no figure
 * (docs/decisions/030-public-islands.md, the back-office on a phone).
 */
export const stillSeries = { isAnimationActive: false } as const;

/** The props of a chart's main area series: a green line over a light green fill. */
export const mainAreaProps = {
  ...stillSeries,
  type: 'monotone',
  stroke: CHART_COLORS.brand700,
  fill: CHART_COLORS.brand500,
  fillOpacity: 0.15,
  strokeWidth: 2,
} as const;

/** The props of a series read beside the main one: a dashed grey line, unfilled. */
export const secondaryAreaProps = {
  ...stillSeries,
  type: 'monotone',
  stroke: CHART_COLORS.axis,
  fill: 'transparent',
  strokeDasharray: '4 3',
} as const;
