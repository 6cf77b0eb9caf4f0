/**
 * Every /api/admin router, mounted by server/app.ts after the auth router (whose guard has already
 * checked the session and CSRF, and set `res.locals.admin`).
 */
import { Router } from 'express';
import type { AppServices } from '../../services.ts';

export function adminApiRouter(_services: AppServices): Router {
  const router = Router();
  return router;
}
