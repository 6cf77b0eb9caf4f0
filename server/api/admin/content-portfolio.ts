import { Router } from 'express';
import {
  CaseStudyInputSchema,
  CaseStudyListQuerySchema,
  CaseStudyPatchSchema,
} from '#common/schemas/portfolio-admin.ts';
import {
  createCaseStudy,
  deleteCaseStudy,
  findCaseStudy,
  listCaseStudies,
  publishCaseStudy,
  unpublishCaseStudy,
  updateCaseStudy,
} from '../../admin/portfolio.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { releaseMediaUrl } from '../../media/release.ts';
import { createRoute, itemRoute, listRoute, sentFields } from './item-routes.ts';
import { IdParamsSchema } from './params.ts';

const caseStudyNotFound = () => notFound('Étude de cas introuvable.');

/** /api/admin/portfolio (decision 015): case studies of every status, their publication. */
export function portfolioAdminRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;
  const publicUrl = deps.env.PUBLIC_URL;

  router.get('/', listRoute(db, CaseStudyListQuerySchema, listCaseStudies));

  router.post(
    '/',
    createRoute('caseStudy', CaseStudyInputSchema, (input, adminId) => createCaseStudy(db, input, adminId)),
  );

  router.get(
    '/:id',
    itemRoute('caseStudy', caseStudyNotFound, (id) => findCaseStudy(db, id)),
  );

  for (const method of ['put', 'patch'] as const) {
    const schema = method === 'put' ? CaseStudyInputSchema : CaseStudyPatchSchema;
    router[method]('/:id', async (req, res) => {
      const { id } = parseInput(IdParamsSchema, req.params);
      const parsed = parseInput(schema, req.body ?? {});
      const input = method === 'put' ? parsed : sentFields(parsed, req.body);
      const result = await updateCaseStudy(db, id, input, adminOf(res).user.id);
      if (!result) throw caseStudyNotFound();
      await releaseMediaUrl(deps, result.previousImage);
      res.json({ caseStudy: result.caseStudy });
    });
  }

  router.post(
    '/:id/publish',
    itemRoute('caseStudy', caseStudyNotFound, (id, _req, res) =>
      publishCaseStudy(db, id, adminOf(res).user.id, publicUrl),
    ),
  );

  router.post(
    '/:id/unpublish',
    itemRoute('caseStudy', caseStudyNotFound, (id, _req, res) =>
      unpublishCaseStudy(db, id, adminOf(res).user.id),
    ),
  );

  router.delete(
    '/:id',
    itemRoute(null, caseStudyNotFound, async (id, _req, res) => {
      const deleted = await deleteCaseStudy(db, id, adminOf(res).user.id);
      if (deleted) await releaseMediaUrl(deps, deleted.imageUrl);
      return deleted;
    }),
  );

  return router;
}
