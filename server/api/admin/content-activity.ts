import { Router } from 'express';
import { ActivityListQuerySchema } from '#common/schemas/activity-admin.ts';
import { listActivity } from '../../admin/activity-log.ts';
import { parseInput } from '../../http/validate.ts';
import type { AppServices } from '../../services.ts';

/** /api/admin/activity: the activity log, filtered and paginated (common/schemas/activity-admin.ts). */
export function activityAdminRouter(services: AppServices): Router {
  const router = Router();
  const { db } = services.database;

  router.get('/', async (req, res) => {
    res.json(await listActivity(db, parseInput(ActivityListQuerySchema, req.query)));
  });

  return router;
}
