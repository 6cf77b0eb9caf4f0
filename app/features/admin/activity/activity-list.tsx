/**
 * One page of the activity log: what happened (the French title written with the change), the
 * details when there are some (one change per line), who did it and when, Kinshasa time.
 */
import { type ActivityEntry, activityFamily, activityFamilyLabel } from '#common/schemas/activity-admin.ts';
import { Badge } from '../kit/badge';
import { formatDateTime } from '../kit/dates';

function author(entry: ActivityEntry): string {
  if (!entry.user) return 'Système';
  return `${entry.user.firstName} ${entry.user.lastName}`.trim() || entry.user.email;
}

export function ActivityList({ items, busy }: { items: ActivityEntry[]; busy: boolean }) {
  return (
    <ol className="divide-y divide-gray-100" aria-busy={busy} aria-label="Entrées du journal">
      {items.map((entry) => (
        <li key={entry.id} data-testid="activity-row" className="flex flex-col gap-1 py-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="gray">{activityFamilyLabel(activityFamily(entry.type))}</Badge>
            <p className="min-w-0 font-medium wrap-anywhere text-gray-900">{entry.title}</p>
          </div>
          {entry.description ? (
            <p className="text-sm whitespace-pre-line wrap-anywhere text-gray-700">{entry.description}</p>
          ) : null}
          <p className="text-xs text-gray-600">
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> · par{' '}
            <span title={entry.user?.email}>{author(entry)}</span>
          </p>
        </li>
      ))}
    </ol>
  );
}
