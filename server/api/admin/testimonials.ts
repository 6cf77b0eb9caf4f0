import { Router } from 'express';
import { TestimonialInputSchema, TestimonialPatchSchema } from '#common/schemas/testimonials-admin.ts';
import {
  createTestimonial,
  deleteTestimonial,
  listAdminTestimonials,
  moveTestimonial,
  updateTestimonial,
} from '../../admin/testimonials.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { releaseMediaUrl } from '../../media/release.ts';
import { createRoute, itemRoute, moveRoute, wholeListRoute } from './item-routes.ts';

const testimonialNotFound = () => notFound('Témoignage introuvable.');

/**
 * /api/admin/testimonials (contract in common/schemas/testimonials-admin.ts). A portrait or logo
 * replaced, removed or left by a deleted testimonial is released after the commit.
 */
export function testimonialsAdminRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;
  const release = async (urls: (string | null)[]) => {
    for (const url of urls) if (url) await releaseMediaUrl(deps, url);
  };

  router.get('/', wholeListRoute(db, 'testimonials', listAdminTestimonials));

  router.post(
    '/',
    createRoute('testimonial', TestimonialInputSchema, (input, adminId) =>
      createTestimonial(db, input, adminId),
    ),
  );

  router.patch(
    '/:id',
    itemRoute('testimonial', testimonialNotFound, async (id, req, res) => {
      const patch = parseInput(TestimonialPatchSchema, req.body ?? {});
      const result = await updateTestimonial(db, id, patch, adminOf(res).user.id);
      if (result) await release(result.released);
      return result?.testimonial;
    }),
  );

  router.post(
    '/:id/move',
    moveRoute(db, 'testimonials', testimonialNotFound, moveTestimonial, listAdminTestimonials),
  );

  router.delete(
    '/:id',
    itemRoute(null, testimonialNotFound, async (id, _req, res) => {
      const testimonial = await deleteTestimonial(db, id, adminOf(res).user.id);
      if (testimonial) await release([testimonial.photoUrl, testimonial.logoUrl]);
      return testimonial;
    }),
  );

  return router;
}
