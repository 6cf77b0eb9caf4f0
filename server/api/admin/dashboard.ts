import { Router } from 'express';
import { computeDashboard } from '../../admin/dashboard.ts';
import { listAdminServices } from '../../admin/services.ts';
import type { AppDeps } from '../../app-deps.ts';
import { wholeListRoute } from './item-routes.ts';

/** GET /api/admin/dashboard and GET /api/admin/services. */
export function dashboardAdminRouter(deps: AppDeps, now: () => Date): Router {
  const router = Router();
  const { db } = deps.database;

  router.get('/dashboard', async (_req, res) => {
    res.json(await computeDashboard(db, now()));
  });

  router.get('/services', wholeListRoute(db, 'services', listAdminServices));

  return router;
}
