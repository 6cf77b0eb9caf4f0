/**
 * The Audience screen's time chart: visitors and page views per hour or per day. Loaded lazily
 * and only in the browser, like the dashboard's charts (Recharts is large and measures the DOM);
 * hidden from assistive technologies, which read the same figures in the table beside it.
 */
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AudienceReport } from '#common/api-types.ts';
import { formatCount, formatDay, formatHour, formatShortDay } from './format';

const BRAND_700 = '#15803d';
const BRAND_500 = '#22c55e';
const GRID = '#e5e7eb';
const AXIS = '#4b5563';
const INITIAL = { width: 600, height: 256 };
const axisProps = { stroke: AXIS, fontSize: 12, tickLine: false } as const;

export function AudienceChart({ series }: { series: AudienceReport['series'] }) {
  const label = series.unit === 'hour' ? formatHour : formatShortDay;
  const longLabel = series.unit === 'hour' ? formatHour : formatDay;
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={INITIAL}>
      <AreaChart
        data={series.points}
        accessibilityLayer={false}
        margin={{ top: 8, right: 16, bottom: 0, left: -16 }}
      >
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="at" tickFormatter={label} minTickGap={16} {...axisProps} />
        <YAxis allowDecimals={false} {...axisProps} />
        <Tooltip
          labelFormatter={(value) => longLabel(String(value))}
          formatter={(value, name) => [formatCount(Number(value)), name]}
        />
        <Legend iconType="plainline" wrapperStyle={{ fontSize: 12 }} />
        <Area
          type="monotone"
          dataKey="pageviews"
          name="Pages vues"
          stroke={AXIS}
          fill="transparent"
          strokeDasharray="4 3"
        />
        <Area
          type="monotone"
          dataKey="visitors"
          name="Visiteurs"
          stroke={BRAND_700}
          fill={BRAND_500}
          fillOpacity={0.15}
          strokeWidth={2}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
