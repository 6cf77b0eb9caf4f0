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
import { IdParamsSchema } from './params.ts';

/**
 * A PATCH changes the fields sent and only those: zod fills defaults (an empty excerpt, no image)
 * for absent keys, which must not overwrite what is stored.
 */
function sentFields<T extends object>(parsed: T, body: unknown): Partial<T> {
  const sent = new Set(Object.keys(body ?? {}));
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => sent.has(key))) as Partial<T>;
}

const caseStudyNotFound = () => notFound('Étude de cas introuvable.');

/** /api/admin/portfolio (decision 015): case studies of every status, their publication. */
export function portfolioAdminRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;
  const publicUrl = deps.env.PUBLIC_URL;

  router.get('/', async (req, res) => {
    res.json(await listCaseStudies(db, parseInput(CaseStudyListQuerySchema, req.query)));
  });

  router.post('/', async (req, res) => {
    const input = parseInput(CaseStudyInputSchema, req.body ?? {});
    const caseStudy = await createCaseStudy(db, input, adminOf(res).user.id);
    res.status(201).json({ caseStudy });
  });

  router.get('/:id', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const caseStudy = await findCaseStudy(db, id);
    if (!caseStudy) throw caseStudyNotFound();
    res.json({ caseStudy });
  });

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

  router.post('/:id/publish', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const caseStudy = await publishCaseStudy(db, id, adminOf(res).user.id, publicUrl);
    if (!caseStudy) throw caseStudyNotFound();
    res.json({ caseStudy });
  });

  router.post('/:id/unpublish', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const caseStudy = await unpublishCaseStudy(db, id, adminOf(res).user.id);
    if (!caseStudy) throw caseStudyNotFound();
    res.json({ caseStudy });
  });

  router.delete('/:id', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const deleted = await deleteCaseStudy(db, id, adminOf(res).user.id);
    if (!deleted) throw caseStudyNotFound();
    await releaseMediaUrl(deps, deleted.imageUrl);
    res.status(204).end();
  });

  return router;
}
