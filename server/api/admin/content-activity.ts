import { Router } from 'express';
import { ActivityListQuerySchema } from '#common/schemas/activity-admin.ts';
import { listActivity } from '../../admin/activity-log.ts';
import type { AppDeps } from '../../app-deps.ts';
import { parseInput } from '../../http/validate.ts';

/** /api/admin/activity: the activity log, filtered and paginated (common/schemas/activity-admin.ts). */
export function activityAdminRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;

  router.get('/', async (req, res) => {
    res.json(await listActivity(db, parseInput(ActivityListQuerySchema, req.query)));
  });

  return router;
}
