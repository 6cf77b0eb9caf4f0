/**
 * The testimonials for the back-office (docs/decisions/086-testimonials.md): every testimonial,
 * hidden ones too, in the public order; creation, changes, moves and deletion, each with its
 * activity row in its transaction (server/admin/ordered-items.ts). Portraits and logos are
 * uploads: the caller releases a replaced or removed one once the transaction has committed
 * (server/media/release.ts).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminTestimonial,
  TestimonialInputSchema,
  TestimonialPatch,
} from '#common/schemas/testimonials-admin.ts';
import type { Database } from '#db/client.ts';
import { hasRow } from '#db/rows.ts';
import { caseStudies, services, type Testimonial, testimonials } from '#db/schema.ts';
import { fieldError } from '../errors.ts';
import { orderedItems, presentFields } from './ordered-items.ts';

/** What the back-office reads of a row, but its dates (presentFields). */
const TESTIMONIAL_FIELDS = [
  'id',
  'quote',
  'authorName',
  'authorRole',
  'company',
  'photoUrl',
  'logoUrl',
  'caseStudyId',
  'serviceIds',
  'isActive',
  'isDemo',
  'order',
] as const;

/**
 * A 400 naming the field when the case study or a service linked does not exist (deleted meanwhile
 * in another tab): the foreign key would otherwise answer with a 500.
 */
async function checkLinks(tx: Database, input: Pick<TestimonialPatch, 'caseStudyId' | 'serviceIds'>) {
  if (input.caseStudyId) {
    if (!(await hasRow(tx, caseStudies, eq(caseStudies.id, input.caseStudyId)))) {
      throw fieldError('caseStudyId', 'Cette étude de cas n’existe plus : choisissez-en une autre');
    }
  }
  if (input.serviceIds?.length) {
    const found = await tx
      .select({ id: services.id })
      .from(services)
      .where(inArray(services.id, input.serviceIds));
    if (found.length !== input.serviceIds.length) {
      throw fieldError('serviceIds', 'Un des services choisis n’existe plus : rechargez la page');
    }
  }
}

/** "Awa Kalala (Kin Textiles)": how the activity log names a testimonial. */
const whose = (row: Testimonial) => (row.company ? `${row.authorName} (${row.company})` : row.authorName);

/** A change made by staff to its content makes a demo testimonial theirs: it loses its "démo" label. */
export const testimonialItems = orderedItems<
  Testimonial,
  z.output<typeof TestimonialInputSchema>,
  TestimonialPatch,
  AdminTestimonial
>({
  table: testimonials,
  // The public site's order (server/content/public-content.ts), the id breaking ties.
  orderBy: [asc(testimonials.order), asc(testimonials.createdAt), asc(testimonials.id)],
  lockKey: 727_100_012,
  present: (row) => presentFields(row, TESTIMONIAL_FIELDS),
  values: (input) => ({
    quote: input.quote,
    authorName: input.authorName,
    authorRole: input.authorRole ?? '',
    company: input.company ?? '',
    photoUrl: input.photoUrl ?? null,
    logoUrl: input.logoUrl ?? null,
    caseStudyId: input.caseStudyId ?? null,
    serviceIds: input.serviceIds ?? [],
  }),
  labels: {
    quote: 'témoignage',
    authorName: 'nom',
    authorRole: 'fonction',
    company: 'entreprise',
    photoUrl: 'portrait',
    logoUrl: 'logo',
    caseStudyId: 'étude de cas',
    serviceIds: 'services',
    order: 'ordre',
    isActive: 'visibilité',
  },
  uploads: ['photoUrl', 'logoUrl'],
  demoUntilEdited: true,
  checkLinks,
  activity: {
    prefix: 'testimonial',
    created: (row) => ({
      title: `Témoignage de ${whose(row)} ajouté`,
      description: row.isActive ? 'Visible sur le site' : 'Masqué du site',
    }),
    shownOrHidden: (row) =>
      `Témoignage de ${whose(row)} ${row.isActive ? 'affiché sur le site' : 'masqué du site'}`,
    updated: (row, _current, changedLabels) => ({
      title: `Témoignage de ${whose(row)} modifié`,
      description: changedLabels,
    }),
    moved: (row, direction) => `Témoignage de ${whose(row)} déplacé vers le ${direction}`,
    deleted: (row) => ({ title: `Témoignage de ${whose(row)} supprimé` }),
  },
});
