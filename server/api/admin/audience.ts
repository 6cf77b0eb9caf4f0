/**
 * The Audience screen's API (docs/decisions/084-first-party-audience.md):
 * GET /api/admin/audience?period=today|7d|30d|90d (or ?from=YYYY-MM-DD&to=YYYY-MM-DD) -> AudienceReport,
 * GET /api/admin/audience/now -> AudienceNow ("En ce moment", then kept live by the `audience`
 * real-time channel).
 */
import { Router } from 'express';
import type { AudienceNow } from '#common/api-types.ts';
import { AudienceQuerySchema } from '#common/schemas/audience-admin.ts';
import { audienceReport, resolvePeriod } from '../../admin/audience.ts';
import type { AppDeps } from '../../app-deps.ts';
import { visitorsNow } from '../../audience/fold.ts';
import { parseInput } from '../../http/validate.ts';

export function audienceAdminRouter(deps: AppDeps, now: () => Date): Router {
  const router = Router();
  const { db } = deps.database;

  router.get('/', async (req, res) => {
    const at = now();
    res.json(await audienceReport(db, resolvePeriod(parseInput(AudienceQuerySchema, req.query), at), at));
  });

  router.get('/now', async (_req, res) => {
    const at = now();
    res.json({ visitors: await visitorsNow(db, at), at: at.toISOString() } satisfies AudienceNow);
  });

  return router;
}
