/**
 * /api/admin/push: the signed-in admin's devices that receive the staff's notifications
 * (contract: common/schemas/push.ts; docs/decisions/080-staff-push.md). Each admin sees and
 * removes only their own devices.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { Router } from 'express';
import { type PushDevice, PushDeviceSchema, type PushSettings } from '#common/schemas/push.ts';
import { pushDeliveries, pushSubscriptions } from '#db/schema.ts';
import { logActivity } from '../../activity/log.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { badRequest, HttpError, notFound } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { checkPushEndpoint, type EndpointRefusal, pushEndpointPolicy } from '../../push/endpoint.ts';
import { vapidKeys } from '../../push/worker.ts';
import { IdParamsSchema } from './params.ts';

/** What the admin is told when the browser's push service is refused (server/push/endpoint.ts). */
function refusedEndpoint(refusal: EndpointRefusal): HttpError {
  switch (refusal) {
    case 'not_allowed':
      return badRequest('Service de notification non autorisé.', {
        endpoint: 'Ce navigateur utilise un service de notification que le site n’autorise pas.',
      });
    case 'private_address':
      return badRequest('Service de notification non autorisé.', {
        endpoint: 'Ce service de notification mène à une adresse privée ou locale : le site la refuse.',
      });
    case 'unresolved':
      return new HttpError(503, 'push_service_unreachable', 'Service de notification injoignable.', {
        endpoint:
          'Le service de notification de ce navigateur est injoignable pour le moment : réessayez plus tard.',
      });
  }
}

const present = (row: typeof pushSubscriptions.$inferSelect): PushDevice => ({
  id: row.id,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
  endpoint: row.endpoint,
});

const deviceNotFound = () => notFound('Appareil introuvable.');

export function pushAdminRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;

  const devicesOf = async (userId: string) =>
    (
      await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.createdAt))
    ).map(present);

  router.get('/', async (_req, res) => {
    const { user } = adminOf(res);
    const answer: PushSettings = {
      publicKey: (await vapidKeys(db)).publicKey,
      devices: await devicesOf(user.id),
    };
    res.json(answer);
  });

  router.post('/devices', async (req, res) => {
    const { user } = adminOf(res);
    const input = parseInput(PushDeviceSchema, req.body ?? {});
    const refusal = await checkPushEndpoint(input.endpoint, pushEndpointPolicy(deps.env));
    if (refusal) throw refusedEndpoint(refusal);
    // The same browser subscribing again (or signed in as someone else now) keeps one row.
    const [device] = await db
      .insert(pushSubscriptions)
      .values({ userId: user.id, endpoint: input.endpoint, ...input.keys, label: input.label })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: user.id, ...input.keys, label: input.label },
      })
      .returning();
    if (!device) throw new Error('push subscription not stored');
    await logActivity(db, {
      type: 'push.device_added',
      title: `Notifications activées : ${input.label}`,
      userId: user.id,
    });
    res.status(201).json({ device: present(device) });
  });

  router.delete('/devices/:id', async (req, res) => {
    const { user } = adminOf(res);
    const { id } = parseInput(IdParamsSchema, req.params);
    const [removed] = await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, user.id)))
      .returning();
    if (!removed) throw deviceNotFound();
    await logActivity(db, {
      type: 'push.device_removed',
      title: `Notifications désactivées : ${removed.label}`,
      userId: user.id,
    });
    res.status(204).end();
  });

  router.post('/devices/:id/test', async (req, res) => {
    const { user } = adminOf(res);
    const { id } = parseInput(IdParamsSchema, req.params);
    const [device] = await db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, user.id)));
    if (!device) throw deviceNotFound();
    await db.insert(pushDeliveries).values({
      subscriptionId: device.id,
      dedupeKey: `test:${randomUUID()}`,
      payload: {
        title: 'Notification de test',
        body: 'Les notifications de Lisanga Digital arrivent bien sur cet appareil.',
        url: '/admin/settings?onglet=notifications',
        tag: 'test',
      },
    });
    deps.push.worker.wake();
    res.status(202).json({ queued: true });
  });

  return router;
}
