import { Router } from 'express';
import {
  ServiceDeleteQuerySchema,
  ServiceInputSchema,
  ServicePatchSchema,
} from '#common/schemas/services-admin.ts';
import {
  createService,
  deleteService,
  listAdminServices,
  moveService,
  updateService,
} from '../../admin/services.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { createRoute, itemRoute, moveRoute } from './item-routes.ts';

const serviceNotFound = () => notFound('Service introuvable.');

/**
 * /api/admin/services: creating, changing, moving and deleting services (decision 014; contract in
 * common/schemas/services-admin.ts). GET / (the tree) is answered by the dashboard router.
 * The public pages read the database on every request, so a change shows at the next one.
 */
export function serviceAdminRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;

  router.post(
    '/',
    createRoute('service', ServiceInputSchema, (input, adminId) => createService(db, input, adminId)),
  );

  router.patch(
    '/:id',
    itemRoute('service', serviceNotFound, (id, req, res) =>
      updateService(db, id, parseInput(ServicePatchSchema, req.body ?? {}), adminOf(res).user.id),
    ),
  );

  router.post('/:id/move', moveRoute(db, 'services', serviceNotFound, moveService, listAdminServices));

  router.delete(
    '/:id',
    itemRoute(null, serviceNotFound, (id, req, res) => {
      const { children } = parseInput(ServiceDeleteQuerySchema, req.query);
      return deleteService(db, id, children, adminOf(res).user.id);
    }),
  );

  return router;
}
