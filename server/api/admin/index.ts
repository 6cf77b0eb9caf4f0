/**
 * The leads, dashboard and newsletter routers of /api/admin, mounted by server/app.ts under
 * `/admin` behind adminGate (server/api/auth.ts: session, CSRF, no-store; `res.locals.admin`). The contract, routes and shapes, is
 * common/schemas/admin.ts.
 */
import { Router } from 'express';
import type { AppDeps } from '../../app-deps.ts';
import { audienceAdminRouter } from './audience.ts';
import { backupsAdminRouter } from './backups.ts';
import { bookingAdminRouter } from './booking.ts';
import { contactsAdminRouter } from './contacts.ts';
import { dashboardAdminRouter } from './dashboard.ts';
import { newsletterAdminRouter } from './newsletter.ts';
import { pushAdminRouter } from './push.ts';

export type AdminApiOptions = {
  /** The clock of the dashboard's weeks and of imports; tests fix it. */
  now?: () => Date;
};

export function adminApiRouter(deps: AppDeps, options: AdminApiOptions = {}): Router {
  const now = options.now ?? (() => new Date());
  const router = Router();
  router.use(dashboardAdminRouter(deps, now));
  router.use('/contacts', contactsAdminRouter(deps, now));
  router.use('/newsletter', newsletterAdminRouter(deps, now));
  router.use('/booking', bookingAdminRouter(deps, now));
  router.use('/push', pushAdminRouter(deps));
  router.use('/audience', audienceAdminRouter(deps, now));
  router.use('/backups', backupsAdminRouter(deps));
  return router;
}
