/**
 * The staff's own push devices (docs/decisions/080-staff-push.md): each admin's list, its storage,
 * the events each announces (104), removal and a test notification, always scoped to that admin.
 * Served by api/admin/push.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { PUSH_EVENTS, type PushDevice, type PushDeviceInput, type PushEvent } from '#common/schemas/push.ts';
import type { Database } from '#db/client.ts';
import { hasRow } from '#db/rows.ts';
import { pushDeliveries, pushSubscriptions } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';

const present = (row: typeof pushSubscriptions.$inferSelect): PushDevice => ({
  id: row.id,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
  endpoint: row.endpoint,
  events: PUSH_EVENTS.filter((event) => !row.mutedEvents.includes(event)),
});

/** The admin's devices, oldest first. */
export async function devicesOf(db: Database, userId: string): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
  return rows.map(present);
}

/** Stores the device (the same browser subscribing again keeps one row), logged. */
export async function addDevice(db: Database, userId: string, input: PushDeviceInput): Promise<PushDevice> {
  const [device] = await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: input.endpoint, ...input.keys, label: input.label })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, ...input.keys, label: input.label },
    })
    .returning();
  if (!device) throw new Error('push subscription not stored');
  await logActivity(db, {
    type: 'push.device_added',
    title: `Notifications activées : ${input.label}`,
    userId,
  });
  return present(device);
}

/** Removes one of the admin's devices, logged; false when the admin has no such device. */
export async function removeDevice(db: Database, userId: string, id: string): Promise<boolean> {
  const [removed] = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning();
  if (!removed) return false;
  await logActivity(db, {
    type: 'push.device_removed',
    title: `Notifications désactivées : ${removed.label}`,
    userId,
  });
  return true;
}

/**
 * The kinds of event one of the admin's devices announces, logged; stored as the kinds it does not,
 * so that a kind added later reaches it. Null when the admin has no such device.
 */
export async function setDeviceEvents(
  db: Database,
  userId: string,
  id: string,
  events: PushEvent[],
): Promise<PushDevice | null> {
  const [device] = await db
    .update(pushSubscriptions)
    .set({ mutedEvents: PUSH_EVENTS.filter((event) => !events.includes(event)) })
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning();
  if (!device) return null;
  await logActivity(db, {
    type: 'push.device_events',
    title: `Notifications choisies : ${device.label}`,
    userId,
  });
  return present(device);
}

/** Queues a test notification to one of the admin's devices; false when the admin has no such device. */
export async function queueTestNotification(db: Database, userId: string, id: string): Promise<boolean> {
  const own = and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId));
  if (!(await hasRow(db, pushSubscriptions, own))) return false;
  await db.insert(pushDeliveries).values({
    subscriptionId: id,
    dedupeKey: `test:${randomUUID()}`,
    payload: {
      title: 'Notification de test',
      body: 'Les notifications de Lisanga Digital arrivent bien sur cet appareil.',
      url: '/admin/settings?onglet=notifications',
      tag: 'test',
    },
  });
  return true;
}
