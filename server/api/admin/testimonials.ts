import type { Router } from 'express';
import { TestimonialInputSchema, TestimonialPatchSchema } from '#common/schemas/testimonials-admin.ts';
import { testimonialItems } from '../../admin/testimonials.ts';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../errors.ts';
import { orderedItemsRouter } from './ordered-routes.ts';

/**
 * /api/admin/testimonials (contract in common/schemas/testimonials-admin.ts). A portrait or logo
 * replaced, removed or left by a deleted testimonial is released after the commit.
 */
export const testimonialsAdminRouter = (deps: AppDeps): Router =>
  orderedItemsRouter(deps, testimonialItems, {
    listKey: 'testimonials',
    itemKey: 'testimonial',
    missing: () => notFound('Témoignage introuvable.'),
    inputSchema: TestimonialInputSchema,
    patchSchema: TestimonialPatchSchema,
  });
