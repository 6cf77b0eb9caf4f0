/**
 * The back-office's portfolio (docs/decisions/015): case studies with their results as
 * label/value pairs, stored as the JSON list the public page reads (`[{ label, value }]`).
 *
 * Routes (behind the admin guard, `Cache-Control: no-store`):
 * - GET    /api/admin/portfolio?CaseStudyListQuery -> Page<AdminCaseStudy>
 * - GET    /api/admin/portfolio/:id                -> { caseStudy: AdminCaseStudy }
 * - POST   /api/admin/portfolio                    CaseStudyInput -> 201 { caseStudy } (unpublished)
 * - PUT    /api/admin/portfolio/:id                CaseStudyInput -> { caseStudy };  PATCH: a subset
 * - POST   /api/admin/portfolio/:id/publish        -> { caseStudy } (content_publications row once)
 * - POST   /api/admin/portfolio/:id/unpublish      -> { caseStudy }
 * - DELETE /api/admin/portfolio/:id                -> 204
 */
import { z } from 'zod';
import { type Page, pageQueryFields, searchQueryField } from './admin.ts';
import { ImageUrlSchema, publicationStatusFilter } from './blog-admin.ts';
import { requiredText } from './fields.ts';

export const CASE_STUDY_MAX_RESULTS = 8;

/** `label` with its article ('Le titre'); French agrees "requis" with the noun's gender. */
const required = (label: string, max: number, gender: 'm' | 'f' = 'm') =>
  requiredText(1, max, {
    missing: `${label} est ${gender === 'f' ? 'requise' : 'requis'}`,
    long: `${label} fait ${max} caractères au plus`,
  });

export const CaseStudyResultSchema = z.object({
  label: required('Le libellé', 80),
  value: required('La valeur', 40, 'f'),
});

export const CASE_STUDY_MAX_GALLERY = 12;
export const CASE_STUDY_ALT_MAX = 200;

/** An image of the gallery or of the before/after pair: an upload and what it shows, in words. */
export const CaseStudyImageSchema = z.object({
  url: ImageUrlSchema.refine((url) => url !== null, { error: 'Ajoutez une image' }),
  alt: requiredText(1, CASE_STUDY_ALT_MAX, {
    missing: 'Décrivez l’image (texte alternatif requis)',
    long: `Le texte alternatif fait ${CASE_STUDY_ALT_MAX} caractères au plus`,
  }),
});
export type CaseStudyImage = { url: string; alt: string };

/** As the form holds it: either half may still be empty. */
const DraftImageSchema = z.object({
  url: ImageUrlSchema,
  alt: z.string({ error: 'Texte alternatif invalide' }).optional().default(''),
});
const isBlank = (image: { url: string | null; alt: string }) => !image.url && image.alt.trim() === '';

/**
 * The before/after pair: both images with their words, or none. The form sends both halves
 * empty for none.
 */
const PairSchema = z.object({ before: CaseStudyImageSchema, after: CaseStudyImageSchema }).nullable();
export const BeforeAfterSchema = z
  .object({ before: DraftImageSchema, after: DraftImageSchema }, { error: 'Avant / après invalide' })
  .nullable()
  .transform(
    (pair): z.input<typeof PairSchema> => (pair && isBlank(pair.before) && isBlank(pair.after) ? null : pair),
  )
  .pipe(PairSchema);

export const CaseStudyInputSchema = z.object({
  title: required('Le titre', 200),
  clientName: required('Le client', 120),
  industry: required('Le secteur', 80),
  description: requiredText(1, 5000, {
    missing: 'La description est requise',
    long: 'La description fait 5 000 caractères au plus',
  }),
  imageUrl: ImageUrlSchema,
  results: z
    .array(CaseStudyResultSchema, { error: 'Résultats invalides' })
    .max(CASE_STUDY_MAX_RESULTS, { error: `${CASE_STUDY_MAX_RESULTS} résultats au plus` })
    .default([]),
  /** Images of the work, in the order shown (docs/decisions/092-case-study-galleries.md). */
  gallery: z
    .array(CaseStudyImageSchema, { error: 'Galerie invalide' })
    .max(CASE_STUDY_MAX_GALLERY, { error: `${CASE_STUDY_MAX_GALLERY} images au plus` })
    .default([]),
  beforeAfter: BeforeAfterSchema.default(null),
});
export type CaseStudyInput = z.output<typeof CaseStudyInputSchema>;
export type CaseStudyForm = z.input<typeof CaseStudyInputSchema>;

export const CaseStudyPatchSchema = CaseStudyInputSchema.partial().strict();

export const CaseStudyListQuerySchema = z.object({
  q: searchQueryField,
  status: publicationStatusFilter,
  ...pageQueryFields,
});
export type CaseStudyListQuery = z.output<typeof CaseStudyListQuerySchema>;

export type AdminCaseStudy = {
  id: string;
  title: string;
  clientName: string;
  industry: string;
  description: string;
  imageUrl: string | null;
  /**
   * The picture the site shows for it: the upload, else, once published, the cover drawn from its
   * figures; null for a draft without an upload (its drawn cover is not served before it is public).
   */
  coverUrl: string | null;
  results: { label: string; value: string }[];
  gallery: CaseStudyImage[];
  beforeAfter: { before: CaseStudyImage; after: CaseStudyImage } | null;
  isPublished: boolean;
  createdAt: string;
  updatedAt: string;
};
export type AdminCaseStudyPage = Page<AdminCaseStudy>;
