/**
 * /api/admin/push: the signed-in admin's devices that receive the staff's notifications
 * (contract: common/schemas/push.ts; docs/decisions/080-staff-push.md). Each admin sees and
 * removes only their own devices.
 */
import { Router } from 'express';
import { PushDeviceEventsSchema, PushDeviceSchema, type PushSettings } from '#common/schemas/push.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { badRequest, HttpError, notFound } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import {
  addDevice,
  devicesOf,
  queueTestNotification,
  removeDevice,
  setDeviceEvents,
} from '../../push/devices.ts';
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

const deviceNotFound = () => notFound('Appareil introuvable.');

export function pushAdminRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;

  router.get('/', async (_req, res) => {
    const { user } = adminOf(res);
    const answer: PushSettings = {
      publicKey: (await vapidKeys(db)).publicKey,
      devices: await devicesOf(db, user.id),
    };
    res.json(answer);
  });

  router.post('/devices', async (req, res) => {
    const { user } = adminOf(res);
    const input = parseInput(PushDeviceSchema, req.body ?? {});
    const refusal = await checkPushEndpoint(input.endpoint, pushEndpointPolicy(deps.env));
    if (refusal) throw refusedEndpoint(refusal);
    res.status(201).json({ device: await addDevice(db, user.id, input) });
  });

  router.patch('/devices/:id', async (req, res) => {
    const { user } = adminOf(res);
    const { id } = parseInput(IdParamsSchema, req.params);
    const { events } = parseInput(PushDeviceEventsSchema, req.body ?? {});
    const device = await setDeviceEvents(db, user.id, id, events);
    if (!device) throw deviceNotFound();
    res.json({ device });
  });

  router.delete('/devices/:id', async (req, res) => {
    const { user } = adminOf(res);
    const { id } = parseInput(IdParamsSchema, req.params);
    if (!(await removeDevice(db, user.id, id))) throw deviceNotFound();
    res.status(204).end();
  });

  router.post('/devices/:id/test', async (req, res) => {
    const { user } = adminOf(res);
    const { id } = parseInput(IdParamsSchema, req.params);
    if (!(await queueTestNotification(db, user.id, id))) throw deviceNotFound();
    deps.push.worker.wake();
    res.status(202).json({ queued: true });
  });

  return router;
}
