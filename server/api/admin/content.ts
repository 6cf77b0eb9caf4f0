/**
 * The content-management API of the back-office (issues 7 and 8), mounted by server/app.ts under
 * `/admin` behind adminGate (server/api/auth.ts: session, CSRF, no-store).
 */
import { Router } from 'express';
import type { AppServices } from '../../services.ts';
import { campaignsAdminRouter } from './campaigns.ts';
import { activityAdminRouter } from './content-activity.ts';
import { blogAdminRouter } from './content-blog.ts';
import { mediaAdminRouter } from './content-media.ts';
import { portfolioAdminRouter } from './content-portfolio.ts';
import { serviceAdminRouter } from './content-services.ts';
import { settingsAdminRouter } from './content-settings.ts';
import { teamAdminRouter } from './content-team.ts';
import { usersAdminRouter } from './content-users.ts';
import { emailTemplatesAdminRouter } from './email-templates.ts';

export function contentAdminRouter(services: AppServices): Router {
  const router = Router();
  router.use('/services', serviceAdminRouter(services));
  router.use('/team', teamAdminRouter(services));
  router.use('/blog', blogAdminRouter(services));
  router.use('/portfolio', portfolioAdminRouter(services));
  router.use('/settings', settingsAdminRouter(services));
  router.use('/users', usersAdminRouter(services));
  router.use('/media', mediaAdminRouter(services));
  router.use('/activity', activityAdminRouter(services));
  // Issue 8.
  router.use('/email-templates', emailTemplatesAdminRouter(services));
  router.use('/campaigns', campaignsAdminRouter(services));
  return router;
}
