/**
 * The hourly timeline of a campaign's results. Loaded lazily and only in the browser (like the
 * dashboard's charts): Recharts is large and measures the DOM. Decorative for assistive
 * technologies; the same figures are in a table next to it.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CampaignResults } from '#common/schemas/campaigns.ts';
import { formatHour } from './format';

const axisProps = { stroke: '#4b5563', fontSize: 12, tickLine: false } as const;

export function CampaignTimelineChart({ data }: { data: CampaignResults['timeline'] }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 240 }}>
      {/* Hidden from screen readers (a table holds the figures): no keyboard focus either. */}
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
        <CartesianGrid stroke="#e5e7eb" vertical={false} />
        <XAxis dataKey="hour" tickFormatter={formatHour} {...axisProps} />
        <YAxis allowDecimals={false} {...axisProps} />
        <Tooltip labelFormatter={(label) => formatHour(String(label))} />
        <Legend />
        <Bar dataKey="sent" name="Envoyés" fill="#15803d" radius={[3, 3, 0, 0]} />
        <Bar dataKey="opens" name="Ouvertures" fill="#22c55e" radius={[3, 3, 0, 0]} />
        <Bar dataKey="clicks" name="Clics" fill="#1d4ed8" radius={[3, 3, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
