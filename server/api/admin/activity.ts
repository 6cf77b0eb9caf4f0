import { Router } from 'express';
import { ActivityListQuerySchema } from '#common/schemas/activity-admin.ts';
import { listActivity } from '../../admin/activity-log.ts';
import type { AppDeps } from '../../app-deps.ts';
import { listRoute } from './item-routes.ts';

/** /api/admin/activity: the activity log, filtered and paginated (common/schemas/activity-admin.ts). */
export function activityAdminRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;

  router.get('/', listRoute(db, ActivityListQuerySchema, listActivity));

  return router;
}
