import { Router } from 'express';
import {
  SettingsUpdateSchema,
  StatInputSchema,
  StatOrderSchema,
  StatUpdateSchema,
} from '#common/schemas/settings-admin.ts';
import {
  createStat,
  deleteStat,
  listSettings,
  listStats,
  reorderStats,
  updateSettings,
  updateStat,
} from '../../admin/settings.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { parseInput } from '../../http/validate.ts';
import { createRoute, wholeListRoute } from './item-routes.ts';
import { IdParamsSchema } from './params.ts';

/**
 * /api/admin/settings: the site settings (every category, the private ones too) and the company
 * figures of the home page (contract: common/schemas/settings-admin.ts).
 */
export function settingsAdminRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;

  router.get('/', wholeListRoute(db, 'settings', listSettings));

  router.patch('/', async (req, res) => {
    const values = parseInput(SettingsUpdateSchema, req.body ?? {});
    res.json({ settings: await updateSettings(db, values, adminOf(res).user.id) });
  });

  router.get('/stats', wholeListRoute(db, 'stats', listStats));

  router.post(
    '/stats',
    createRoute('stat', StatInputSchema, (input, adminId) => createStat(db, input, adminId)),
  );

  // Before '/stats/:id', which would otherwise take "order" for an id.
  router.put('/stats/order', async (req, res) => {
    const { ids } = parseInput(StatOrderSchema, req.body ?? {});
    res.json({ stats: await reorderStats(db, ids, adminOf(res).user.id) });
  });

  router.patch('/stats/:id', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const input = parseInput(StatUpdateSchema, req.body ?? {});
    res.json({ stat: await updateStat(db, id, input, adminOf(res).user.id) });
  });

  router.delete('/stats/:id', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    await deleteStat(db, id, adminOf(res).user.id);
    res.status(204).end();
  });

  return router;
}
