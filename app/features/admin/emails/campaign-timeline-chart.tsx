/**
 * The hourly timeline of a campaign's results. Loaded lazily and only in the browser (like the
 * dashboard's charts): Recharts is large and measures the DOM. Decorative for assistive
 * technologies; the same figures are in a table next to it.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CampaignResults } from '#common/schemas/campaigns.ts';
import { axisProps, CHART_COLORS, chartProps, stillSeries } from '../kit/chart-style';
import { formatHour } from './format';

/** The hour's three bars, in this order: sent, opened, clicked. */
const SERIES = [
  { dataKey: 'sent', name: 'Envoyés', fill: CHART_COLORS.brand700 },
  { dataKey: 'opens', name: 'Ouvertures', fill: CHART_COLORS.brand500 },
  { dataKey: 'clicks', name: 'Clics', fill: '#1d4ed8' },
] as const;

export function CampaignTimelineChart({ data }: { data: CampaignResults['timeline'] }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 240 }}>
      {/* Hidden from screen readers (a table holds the figures): no keyboard focus either. */}
      <BarChart data={data} {...chartProps}>
        <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
        <XAxis dataKey="hour" tickFormatter={formatHour} {...axisProps} />
        <YAxis allowDecimals={false} {...axisProps} />
        <Tooltip labelFormatter={(label) => formatHour(String(label))} />
        {/* In the bars' order, the funnel's (Recharts sorts a legend by its labels by default). */}
        <Legend itemSorter={(item) => SERIES.findIndex((series) => series.dataKey === item.dataKey)} />
        {SERIES.map((series) => (
          <Bar key={series.dataKey} {...stillSeries} {...series} radius={[3, 3, 0, 0]} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
