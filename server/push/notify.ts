/**
 * Push notifications to the staff (docs/decisions/080-staff-push.md): what an event sends to
 * every device an active admin allowed that has not muted its kind (104), as rows of `push_deliveries` written in the event's own
 * statement or transaction (a lead is never announced without being stored), one per device,
 * each with a dedupe key made of the event's and the device's: an event replayed queues nothing
 * twice. The worker (worker.ts) sends them.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PushEvent } from '#common/schemas/push.ts';
import type { Database } from '#db/client.ts';
import { adminUsers, pushDeliveries, pushSubscriptions } from '#db/schema.ts';

export type PushNotification = {
  /**
   * Names the event, its kind first: with the device's id, the delivery's dedupe key ("lead:<id>");
   * a device that muted the kind ("lead") gets none.
   */
  key: `${PushEvent}:${string}`;
  title: string;
  body: string;
  /** A path of the back-office the tap opens ("/admin/contacts?lead=<id>"). */
  url: string;
};

/** At most this many characters of a title or a body: a notification shows two lines at best. */
const MAX_TITLE = 80;
const MAX_BODY = 160;
/** Cut by code points, never inside a surrogate pair (a lone half is not valid in jsonb). */
function clip(text: string, max: number): string {
  const points = [...text];
  return points.length > max ? `${points.slice(0, max - 1).join('')}…` : text;
}

/** What the service worker receives: the texts cut to what a notification shows. */
export function pushPayload(notification: PushNotification) {
  return {
    title: clip(notification.title, MAX_TITLE),
    body: clip(notification.body, MAX_BODY),
    url: notification.url,
    // A second notification of the same event replaces the first on the device.
    tag: notification.key,
  };
}

/** The kind of event a notification announces: its key's prefix. */
export const eventOf = (notification: PushNotification): PushEvent =>
  notification.key.slice(0, notification.key.indexOf(':')) as PushEvent;

/** The insert, not yet run, of one delivery per device of every active admin that wants the event. */
export function pushInsert(_db: Database, notification: PushNotification): SQL {
  const payload = JSON.stringify(pushPayload(notification));
  const event = eventOf(notification);
  return sql`insert into ${pushDeliveries} (subscription_id, dedupe_key, payload)
    select ${pushSubscriptions.id}, ${`${notification.key}:`} || ${pushSubscriptions.id}, ${payload}::jsonb
    from ${pushSubscriptions}
    join ${adminUsers} on ${adminUsers.id} = ${pushSubscriptions.userId}
    where ${adminUsers.isActive} and not (${event} = any(${pushSubscriptions.mutedEvents}))
    on conflict (dedupe_key) do nothing`;
}

/** Queues the notification in the caller's transaction. */
export async function queuePush(db: Database, notification: PushNotification): Promise<void> {
  await db.execute(pushInsert(db, notification));
}
