/**
 * The back-office's API, one router per resource, mounted by server/app.ts under `/admin` behind
 * adminGate (server/api/auth.ts: session, CSRF, no-store; `res.locals.admin`). The contract,
 * routes and shapes, is common/schemas/admin.ts and the resources' own schemas.
 */
import { Router } from 'express';
import type { AppDeps } from '../../app-deps.ts';
import { activityAdminRouter } from './activity.ts';
import { audienceAdminRouter } from './audience.ts';
import { backupsAdminRouter } from './backups.ts';
import { blogAdminRouter } from './blog.ts';
import { bookingAdminRouter } from './booking.ts';
import { campaignsAdminRouter } from './campaigns.ts';
import { clientLogosAdminRouter } from './client-logos.ts';
import { contactsAdminRouter } from './contacts.ts';
import { dashboardAdminRouter } from './dashboard.ts';
import { emailTemplatesAdminRouter } from './email-templates.ts';
import { mediaAdminRouter } from './media.ts';
import { newsletterAdminRouter } from './newsletter.ts';
import { portfolioAdminRouter } from './portfolio.ts';
import { pushAdminRouter } from './push.ts';
import { serviceAdminRouter } from './services.ts';
import { settingsAdminRouter } from './settings.ts';
import { teamAdminRouter } from './team.ts';
import { testimonialsAdminRouter } from './testimonials.ts';
import { usersAdminRouter } from './users.ts';

export type AdminApiOptions = {
  /** The clock of the dashboard's weeks and of imports; tests fix it. */
  now?: () => Date;
};

export function adminApiRouter(deps: AppDeps, options: AdminApiOptions = {}): Router {
  const now = options.now ?? (() => new Date());
  const router = Router();
  // The leads and the people: dashboard, contacts, subscribers, calls, devices, audience.
  router.use(dashboardAdminRouter(deps, now));
  router.use('/contacts', contactsAdminRouter(deps, now));
  router.use('/newsletter', newsletterAdminRouter(deps, now));
  router.use('/booking', bookingAdminRouter(deps, now));
  router.use('/push', pushAdminRouter(deps));
  router.use('/audience', audienceAdminRouter(deps, now));
  // The site's content.
  router.use('/services', serviceAdminRouter(deps));
  router.use('/team', teamAdminRouter(deps));
  router.use('/testimonials', testimonialsAdminRouter(deps));
  router.use('/client-logos', clientLogosAdminRouter(deps));
  router.use('/blog', blogAdminRouter(deps));
  router.use('/portfolio', portfolioAdminRouter(deps));
  router.use('/media', mediaAdminRouter(deps));
  // Emails: transactional templates and campaigns.
  router.use('/email-templates', emailTemplatesAdminRouter(deps));
  router.use('/campaigns', campaignsAdminRouter(deps));
  // The firm: settings, accounts, the activity log, backups.
  router.use('/settings', settingsAdminRouter(deps));
  router.use('/users', usersAdminRouter(deps));
  router.use('/activity', activityAdminRouter(deps));
  router.use('/backups', backupsAdminRouter(deps));
  return router;
}
