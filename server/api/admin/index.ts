/**
 * Every /api/admin router, mounted by server/app.ts after the auth router (whose guard has already
 * checked the session and CSRF, and set `res.locals.admin`). The contract, routes and shapes, is
 * common/schemas/admin.ts.
 */
import { Router } from 'express';
import type { AppServices } from '../../services.ts';
import { contactsAdminRouter } from './contacts.ts';
import { dashboardAdminRouter } from './dashboard.ts';
import { newsletterAdminRouter } from './newsletter.ts';

export type AdminApiOptions = {
  /** The clock of the dashboard's weeks and of imports; tests fix it. */
  now?: () => Date;
};

export function adminApiRouter(services: AppServices, options: AdminApiOptions = {}): Router {
  const now = options.now ?? (() => new Date());
  const router = Router();
  router.use('/admin', dashboardAdminRouter(services, now));
  router.use('/admin/contacts', contactsAdminRouter(services, now));
  router.use('/admin/newsletter', newsletterAdminRouter(services, now));
  return router;
}
