/**
 * The dashboard's two charts. Recharts is large and measures the DOM, so this module is loaded
 * lazily and only in the browser (see ChartFrame in dashboard-screen.tsx): the server-rendered
 * page and the other admin screens never pay for it. The charts are decorative for assistive
 * technologies; the same figures are given as a table next to them.
 */

import type { ComponentProps } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DashboardData } from '#common/schemas/admin.ts';
import {
  axisProps,
  CHART_COLORS,
  chartProps,
  mainAreaProps,
  secondaryAreaProps,
  stillSeries,
} from '../kit/chart-style';
import { formatCount, formatWeek } from './format';

/** What ResponsiveContainer draws with before it has measured its box. */
const INITIAL = { width: 600, height: 240 };

/**
 * What both charts draw around their figures: the grid, the weeks along, whole counts up, and the
 * tooltip naming the week; `formatter` says a hovered figure.
 */
function weeklyFrame(formatter: ComponentProps<typeof Tooltip>['formatter']) {
  return (
    <>
      <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
      <XAxis dataKey="weekStart" tickFormatter={formatWeek} {...axisProps} />
      <YAxis allowDecimals={false} {...axisProps} />
      <Tooltip labelFormatter={(label) => `Semaine du ${formatWeek(String(label))}`} formatter={formatter} />
    </>
  );
}

export function LeadsPerWeekChart({ data }: { data: DashboardData['leadsPerWeek'] }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={INITIAL}>
      <BarChart data={data} {...chartProps}>
        {weeklyFrame((value) => [formatCount(Number(value)), 'Demandes'])}
        <Bar
          {...stillSeries}
          dataKey="count"
          name="Demandes"
          fill={CHART_COLORS.brand700}
          radius={[4, 4, 0, 0]}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function SubscriberGrowthChart({ data }: { data: DashboardData['subscriberGrowth'] }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={INITIAL}>
      <AreaChart data={data} {...chartProps}>
        {weeklyFrame((value, name) => [formatCount(Number(value)), name])}
        <Area dataKey="totalActive" name="Abonnés actifs" {...mainAreaProps} />
        <Area dataKey="newActive" name="Nouveaux confirmés" {...secondaryAreaProps} />
      </AreaChart>
    </ResponsiveContainer>
  );
}
