import { Router } from 'express';
import { MoveSchema } from '#common/schemas/admin-content-fields.ts';
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
import { IdParamsSchema } from './params.ts';

const serviceNotFound = () => notFound('Service introuvable.');

/**
 * /api/admin/services: creating, changing, moving and deleting services (decision 014; contract in
 * common/schemas/services-admin.ts). GET / (the tree) is answered by the dashboard router.
 * The public pages read the database on every request, so a change shows at the next one.
 */
export function serviceAdminRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;

  router.post('/', async (req, res) => {
    const input = parseInput(ServiceInputSchema, req.body ?? {});
    const service = await createService(db, input, adminOf(res).user.id);
    res.status(201).json({ service });
  });

  router.patch('/:id', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const patch = parseInput(ServicePatchSchema, req.body ?? {});
    const service = await updateService(db, id, patch, adminOf(res).user.id);
    if (!service) throw serviceNotFound();
    res.json({ service });
  });

  router.post('/:id/move', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const { direction } = parseInput(MoveSchema, req.body ?? {});
    if (!(await moveService(db, id, direction, adminOf(res).user.id))) throw serviceNotFound();
    res.json({ services: await listAdminServices(db) });
  });

  router.delete('/:id', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const { children } = parseInput(ServiceDeleteQuerySchema, req.query);
    if (!(await deleteService(db, id, children, adminOf(res).user.id))) throw serviceNotFound();
    res.status(204).end();
  });

  return router;
}
