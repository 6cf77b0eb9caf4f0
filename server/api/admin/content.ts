/**
 * The back-office's API for the site's content, the accounts, the settings, the images, the
 * activity log and the emails, mounted by server/app.ts under `/admin` behind adminGate
 * (server/api/auth.ts: session, CSRF, no-store).
 */
import { Router } from 'express';
import type { AppDeps } from '../../app-deps.ts';
import { campaignsAdminRouter } from './campaigns.ts';
import { activityAdminRouter } from './content-activity.ts';
import { blogAdminRouter } from './content-blog.ts';
import { clientLogosAdminRouter } from './content-client-logos.ts';
import { mediaAdminRouter } from './content-media.ts';
import { portfolioAdminRouter } from './content-portfolio.ts';
import { serviceAdminRouter } from './content-services.ts';
import { settingsAdminRouter } from './content-settings.ts';
import { teamAdminRouter } from './content-team.ts';
import { testimonialsAdminRouter } from './content-testimonials.ts';
import { usersAdminRouter } from './content-users.ts';
import { emailTemplatesAdminRouter } from './email-templates.ts';

export function contentAdminRouter(deps: AppDeps): Router {
  const router = Router();
  router.use('/services', serviceAdminRouter(deps));
  router.use('/team', teamAdminRouter(deps));
  router.use('/testimonials', testimonialsAdminRouter(deps));
  router.use('/client-logos', clientLogosAdminRouter(deps));
  router.use('/blog', blogAdminRouter(deps));
  router.use('/portfolio', portfolioAdminRouter(deps));
  router.use('/settings', settingsAdminRouter(deps));
  router.use('/users', usersAdminRouter(deps));
  router.use('/media', mediaAdminRouter(deps));
  router.use('/activity', activityAdminRouter(deps));
  // Email templates and campaigns.
  router.use('/email-templates', emailTemplatesAdminRouter(deps));
  router.use('/campaigns', campaignsAdminRouter(deps));
  return router;
}
