/**
 * The content-management API of the back-office (issues 7 and 8), mounted by server/app.ts after the
 * auth router (session, CSRF and no-store already applied to /api/admin).
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
  router.use('/admin/services', serviceAdminRouter(services));
  router.use('/admin/team', teamAdminRouter(services));
  router.use('/admin/blog', blogAdminRouter(services));
  router.use('/admin/portfolio', portfolioAdminRouter(services));
  router.use('/admin/settings', settingsAdminRouter(services));
  router.use('/admin/users', usersAdminRouter(services));
  router.use('/admin/media', mediaAdminRouter(services));
  router.use('/admin/activity', activityAdminRouter(services));
  // Issue 8.
  router.use('/admin/email-templates', emailTemplatesAdminRouter(services));
  router.use('/admin/campaigns', campaignsAdminRouter(services));
  return router;
}
