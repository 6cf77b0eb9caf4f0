/**
 * The back-office's testimonials API (docs/decisions/086-testimonials.md), shared by the server
 * and the testimonial form.
 *
 * Routes (behind the admin guard):
 * - GET    /api/admin/testimonials            -> { testimonials: AdminTestimonial[] } (hidden ones too, by order)
 * - POST   /api/admin/testimonials            TestimonialInput -> 201 { testimonial: AdminTestimonial }
 * - PATCH  /api/admin/testimonials/:id        TestimonialPatch -> { testimonial: AdminTestimonial }
 * - POST   /api/admin/testimonials/:id/move   { direction: 'up' | 'down' } -> { testimonials: AdminTestimonial[] }
 * - DELETE /api/admin/testimonials/:id        -> 204 (the portrait and the logo are released)
 */
import { z } from 'zod';
import type { PublicTestimonial } from '../api-types.ts';
import { optionalLink, orderedItemFields } from './admin-content-fields.ts';
import { optionalLine, requiredLine, requiredText } from './fields.ts';
import { isImageUrl } from './team-admin.ts';

export const TESTIMONIAL_QUOTE_MIN = 20;
export const TESTIMONIAL_QUOTE_MAX = 600;
export const TESTIMONIAL_NAME_MAX = 100;
export const TESTIMONIAL_ROLE_MAX = 100;
export const TESTIMONIAL_COMPANY_MAX = 100;
/** More would make a service page a wall of quotes; every service of the catalogue fits. */
export const TESTIMONIAL_SERVICES_MAX = 20;

/** A testimonial in the back-office: the public fields, the links as ids, and its state. */
export type AdminTestimonial = Omit<PublicTestimonial, 'caseStudy'> & {
  caseStudyId: string | null;
  serviceIds: string[];
  isActive: boolean;
  isDemo: boolean;
  order: number;
  createdAt: string;
  updatedAt: string;
};

const imageLink = (message: string) => optionalLink(isImageUrl, message).optional();

export const TestimonialInputSchema = z.object({
  quote: requiredText(TESTIMONIAL_QUOTE_MIN, TESTIMONIAL_QUOTE_MAX, {
    missing: `Le témoignage doit contenir au moins ${TESTIMONIAL_QUOTE_MIN} caractères`,
  }),
  authorName: requiredLine('Le nom doit contenir au moins 2 caractères', 2, TESTIMONIAL_NAME_MAX),
  authorRole: optionalLine(TESTIMONIAL_ROLE_MAX).optional(),
  company: optionalLine(TESTIMONIAL_COMPANY_MAX).optional(),
  photoUrl: imageLink('Portrait invalide : téléversez une image'),
  logoUrl: imageLink('Logo invalide : téléversez une image'),
  /** The form's "Aucune" option sends an empty string: none. */
  caseStudyId: z
    .union([z.literal('').transform(() => null), z.uuid({ error: 'Étude de cas invalide' })], {
      error: 'Étude de cas invalide',
    })
    .nullable()
    .optional(),
  serviceIds: z
    .array(z.uuid({ error: 'Service invalide' }), { error: 'Services invalides' })
    .max(TESTIMONIAL_SERVICES_MAX, { error: `${TESTIMONIAL_SERVICES_MAX} services au plus` })
    .transform((ids) => [...new Set(ids)])
    .optional(),
  ...orderedItemFields,
});
export type TestimonialInput = z.input<typeof TestimonialInputSchema>;

/** A change to some fields only (the list's switch sends `{ isActive }`). */
export const TestimonialPatchSchema = TestimonialInputSchema.partial();
export type TestimonialPatch = z.output<typeof TestimonialPatchSchema>;
