/**
 * The Audience screen's time chart: visitors and page views per hour or per day. Loaded lazily
 * and only in the browser, like the dashboard's charts (Recharts is large and measures the DOM);
 * hidden from assistive technologies, which read the same figures in the table beside it.
 */
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AudienceReport } from '#common/api-types.ts';
import { axisProps, CHART_COLORS, chartProps, mainAreaProps, secondaryAreaProps } from '../kit/chart-style';
import { formatCount, formatDay, formatHour, formatShortDay } from './format';

const INITIAL = { width: 600, height: 256 };

export function AudienceChart({ series }: { series: AudienceReport['series'] }) {
  const label = series.unit === 'hour' ? formatHour : formatShortDay;
  const longLabel = series.unit === 'hour' ? formatHour : formatDay;
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={INITIAL}>
      <AreaChart data={series.points} {...chartProps}>
        <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
        <XAxis dataKey="at" tickFormatter={label} minTickGap={16} {...axisProps} />
        <YAxis allowDecimals={false} {...axisProps} />
        <Tooltip
          labelFormatter={(value) => longLabel(String(value))}
          formatter={(value, name) => [formatCount(Number(value)), name]}
        />
        <Legend iconType="plainline" wrapperStyle={{ fontSize: 12 }} />
        <Area dataKey="pageviews" name="Pages vues" {...secondaryAreaProps} />
        <Area dataKey="visitors" name="Visiteurs" {...mainAreaProps} />
      </AreaChart>
    </ResponsiveContainer>
  );
}
