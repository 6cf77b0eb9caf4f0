import type { Router } from 'express';
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
import { notFound } from '../../errors.ts';
import { publishableAdminRouter } from './publishable-router.ts';

/** /api/admin/portfolio (decision 015): case studies of every status, their publication. */
export function portfolioAdminRouter(deps: AppDeps): Router {
  return publishableAdminRouter(deps, {
    key: 'caseStudy',
    missing: () => notFound('Étude de cas introuvable.'),
    schemas: { list: CaseStudyListQuerySchema, input: CaseStudyInputSchema, patch: CaseStudyPatchSchema },
    list: listCaseStudies,
    create: createCaseStudy,
    find: findCaseStudy,
    update: updateCaseStudy,
    publish: publishCaseStudy,
    unpublish: unpublishCaseStudy,
    remove: deleteCaseStudy,
  });
}
