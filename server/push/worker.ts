/**
 * Sends the staff's push notifications (docs/decisions/080-staff-push.md) with the `web-push`
 * library: VAPID-signed, the payload encrypted for the device (RFC 8291, aes128gcm), posted to
 * the device's push service (RFC 8030). Rows are claimed as the email outbox claims them (a lease
 * taken with SKIP LOCKED), so two instances never send one delivery twice. A push service saying
 * the subscription is gone (404, 410) deletes the device; other failures are tried again later,
 * a few times: a notification a day late is worth nothing. Before each send the device's endpoint
 * is checked again (endpoint.ts): one that is not an allowed public push service (a row stored
 * before the check was strict) is dropped with its device, and the connection itself resolves the
 * name through `publicOnlyLookup`, so it reaches the address that was checked.
 */
import { Agent } from 'node:https';
import { and, asc, eq } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import type { Database } from '#db/client.ts';
import { pushDeliveries, pushSubscriptions, siteSettings } from '#db/schema.ts';
import { claimRows, dueAndUnleased, mayStillSend, recordFailedAttempt } from '../background/claim.ts';
import { createPollLoop, describeError, type SenderOptions } from '../background/poll-loop.ts';
import { backoffDelayMs } from '../email/worker.ts';
import { storedAppSecret } from '../security/secrets.ts';
import {
  checkPushEndpoint,
  type HostResolver,
  type PushEndpointPolicy,
  publicOnlyLookup,
  systemResolver,
} from './endpoint.ts';

/** A notification not delivered after this many attempts (about 15 minutes of retries) is dropped. */
export const PUSH_MAX_ATTEMPTS = 5;
/** How long a push service keeps a notification for a device that is off: a working day. */
const TTL_SECONDS = 8 * 60 * 60;
const LEASE_MS = 60_000;

export type VapidKeys = { publicKey: string; privateKey: string };

/** The site's VAPID key pair, made once and shared by every instance (app_secrets 'vapid'). */
export async function vapidKeys(db: Database): Promise<VapidKeys> {
  const stored = await storedAppSecret(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys()));
  return JSON.parse(stored) as VapidKeys;
}

/** Who the push services may write to about our messages: the agency's public email. */
async function vapidSubject(db: Database, publicUrl: string): Promise<string> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, 'contact.email'))
    .limit(1);
  const email = row?.value.trim();
  if (email) return `mailto:${email}`;
  return publicUrl.startsWith('https:') ? publicUrl : `mailto:webmaster@${new URL(publicUrl).hostname}`;
}

export type PushWorkerOptions = SenderOptions & {
  publicUrl: string;
  /** Which push services the worker may post to (PUSH_SERVICE_HOSTS, PUSH_ALLOW_PRIVATE_ADDRESSES). */
  policy: PushEndpointPolicy;
  /** A certificate authority to trust besides the system's (tests: their local push service's). */
  ca?: string;
  /** How host names are resolved, for the check and the connection alike (tests inject one). */
  lookup?: HostResolver;
};

export type PushRunResult = { sent: number; failed: number; retried: number; gone: number };

export function createPushWorker(options: PushWorkerOptions) {
  const { db } = options;
  const logger = options.logger.child({ component: 'push-worker' });
  const now = options.now ?? (() => new Date());
  const resolve = options.lookup ?? systemResolver;
  // No keep-alive: notifications are few, and each connection resolves (and checks) the name anew.
  const agent = new Agent({
    lookup: publicOnlyLookup(options.policy, resolve),
    ...(options.ca ? { ca: options.ca } : {}),
  });

  async function claim() {
    const at = now();
    const leaseUntil = new Date(at.getTime() + LEASE_MS);
    // One statement, committed on its own: the lease is visible to every instance before sending.
    const rows = await claimRows(db, pushDeliveries, {
      where: dueAndUnleased(pushDeliveries, 'pending', at),
      orderBy: [asc(pushDeliveries.nextAttemptAt)],
      limit: 20,
      set: { lockedUntil: leaseUntil },
    });
    return { rows, leaseUntil };
  }

  async function run(): Promise<PushRunResult> {
    const result: PushRunResult = { sent: 0, failed: 0, retried: 0, gone: 0 };
    let vapid: { subject: string; publicKey: string; privateKey: string } | undefined;
    while (!loop.isStopping()) {
      const { rows, leaseUntil } = await claim();
      if (rows.length === 0) break;
      vapid ??= { subject: await vapidSubject(db, options.publicUrl), ...(await vapidKeys(db)) };
      const batch = { db, table: pushDeliveries, status: 'pending', ids: rows.map((r) => r.id), leaseUntil };
      const sender = { now, stopping: () => loop.isStopping(), visitorsFirst: options.visitorsFirst };
      for (const [index, row] of rows.entries()) {
        // Slow push services (10 s each at most) or a busy thread: see mayStillSend.
        if (!(await mayStillSend(batch, index, sender))) break;
        const [device] = await db
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.id, row.subscriptionId));
        const log = { deliveryId: row.id, subscriptionId: row.subscriptionId };
        if (!device) continue; // deleted meanwhile: its deliveries went with it
        const attempts = row.attempts + 1;
        const stillPending = and(eq(pushDeliveries.id, row.id), eq(pushDeliveries.status, 'pending'));
        const refusal = await checkPushEndpoint(device.endpoint, options.policy, resolve);
        if (refusal === 'not_allowed' || refusal === 'private_address') {
          // Never sent to, and never logged: the endpoint is the device's address.
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
          result.gone += 1;
          logger.warn({ ...log, reason: refusal }, 'push device dropped: not an allowed public push service');
          continue;
        }
        try {
          if (refusal === 'unresolved') throw new Error('push service host not resolved');
          await webpush.sendNotification(
            { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
            JSON.stringify(row.payload),
            {
              vapidDetails: vapid,
              TTL: TTL_SECONDS,
              urgency: 'high',
              contentEncoding: 'aes128gcm',
              timeout: 10_000,
              agent,
            },
          );
          await db
            .update(pushDeliveries)
            .set({ status: 'sent', sentAt: now(), attempts, lockedUntil: null })
            .where(stillPending);
          await db
            .update(pushSubscriptions)
            .set({ lastSuccessAt: now() })
            .where(eq(pushSubscriptions.id, device.id));
          result.sent += 1;
          logger.info(log, 'push sent');
        } catch (error) {
          const status = error instanceof WebPushError ? error.statusCode : undefined;
          if (status === 404 || status === 410) {
            // The browser unsubscribed or the push service forgot it: the device is gone.
            await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
            result.gone += 1;
            logger.info({ ...log, status }, 'push subscription gone, removed');
            continue;
          }
          // Never log the endpoint: it is the device's address, a credential of sorts.
          const lastError = status ? `HTTP ${status}` : describeError(error);
          const nextAttemptAt =
            attempts >= PUSH_MAX_ATTEMPTS ? null : new Date(now().getTime() + backoffDelayMs(attempts));
          await recordFailedAttempt(
            db,
            pushDeliveries,
            stillPending,
            { attempts, lastError, nextAttemptAt },
            result,
          );
          if (nextAttemptAt) {
            logger.warn({ ...log, error: lastError, nextAttemptAt }, 'push not sent, will retry');
          } else {
            logger.warn({ ...log, error: lastError }, 'push failed too many times, given up');
          }
        }
      }
    }
    return result;
  }

  const loop = createPollLoop({
    run,
    pollIntervalMs: options.pollIntervalMs ?? 5_000,
    logger,
    failureMessage: 'push run failed',
    visitorsFirst: options.visitorsFirst,
  });
  return loop;
}

export type PushWorker = ReturnType<typeof createPushWorker>;
