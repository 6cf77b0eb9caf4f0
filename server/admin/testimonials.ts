/**
 * The testimonials for the back-office (docs/decisions/086-testimonials.md): every testimonial,
 * hidden ones too, in the public order; creation, changes, moves and deletion, each with its
 * activity row in its transaction. Portraits and logos are uploads: the caller releases a replaced
 * or removed one once the transaction has committed (server/media/release.ts).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { MoveDirection } from '#common/schemas/admin-content-fields.ts';
import type {
  AdminTestimonial,
  TestimonialInputSchema,
  TestimonialPatch,
} from '#common/schemas/testimonials-admin.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { listPresented } from '#db/list-queries.ts';
import { caseStudies, services, type Testimonial, testimonials } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import { fieldError } from '../errors.ts';
import {
  changedFields,
  changesOf,
  directionWord,
  moveInTable,
  nextOrder,
  visibilityOnly,
} from './ordering.ts';

type TestimonialInput = z.output<typeof TestimonialInputSchema>;

/** pg_advisory_xact_lock key of moves in the testimonials' order (see server/admin/services.ts). */
const TESTIMONIAL_ORDER_LOCK_KEY = 727_100_012;

export function presentAdminTestimonial(row: Testimonial): AdminTestimonial {
  return {
    id: row.id,
    quote: row.quote,
    authorName: row.authorName,
    authorRole: row.authorRole,
    company: row.company,
    photoUrl: row.photoUrl,
    logoUrl: row.logoUrl,
    caseStudyId: row.caseStudyId,
    serviceIds: row.serviceIds,
    isActive: row.isActive,
    isDemo: row.isDemo,
    order: row.order,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The public site's order (server/content/public-content.ts), the id breaking ties. */
export const TESTIMONIAL_ORDER = [asc(testimonials.order), asc(testimonials.createdAt), asc(testimonials.id)];

export const listAdminTestimonials = (db: Database): Promise<AdminTestimonial[]> =>
  listPresented(db, testimonials, TESTIMONIAL_ORDER, presentAdminTestimonial);

/**
 * A 400 naming the field when the case study or a service linked does not exist (deleted meanwhile
 * in another tab): the foreign key would otherwise answer with a 500.
 */
async function checkLinks(tx: Database, input: Pick<TestimonialPatch, 'caseStudyId' | 'serviceIds'>) {
  if (input.caseStudyId) {
    const [found] = await tx
      .select({ id: caseStudies.id })
      .from(caseStudies)
      .where(eq(caseStudies.id, input.caseStudyId));
    if (!found) throw fieldError('caseStudyId', 'Cette étude de cas n’existe plus : choisissez-en une autre');
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

export async function createTestimonial(
  db: Database,
  input: TestimonialInput,
  adminId: string,
): Promise<AdminTestimonial> {
  return inTransaction(db, async (tx) => {
    await checkLinks(tx, input);
    const [row] = await tx
      .insert(testimonials)
      .values({
        quote: input.quote,
        authorName: input.authorName,
        authorRole: input.authorRole ?? '',
        company: input.company ?? '',
        photoUrl: input.photoUrl ?? null,
        logoUrl: input.logoUrl ?? null,
        caseStudyId: input.caseStudyId ?? null,
        serviceIds: input.serviceIds ?? [],
        order: input.order ?? (await nextOrder(tx, testimonials, testimonials.order)),
        isActive: input.isActive ?? true,
      })
      .returning();
    if (!row) throw new Error('testimonial insert returned nothing');
    await logActivity(tx, {
      type: 'testimonial.created',
      title: `Témoignage de ${whose(row)} ajouté`,
      description: row.isActive ? 'Visible sur le site' : 'Masqué du site',
      userId: adminId,
    });
    return presentAdminTestimonial(row);
  });
}

const FIELD_LABELS: Record<keyof TestimonialPatch, string> = {
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
};

/**
 * Changes the given fields. Undefined when the testimonial does not exist; otherwise the
 * testimonial and the image URLs this change replaced or removed (to release after the commit).
 * A change made by staff makes a demo testimonial theirs: it loses its "démo" label.
 */
export async function updateTestimonial(
  db: Database,
  id: string,
  patch: TestimonialPatch,
  adminId: string,
): Promise<{ testimonial: AdminTestimonial; released: string[] } | undefined> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(testimonials).where(eq(testimonials.id, id)).for('update');
    if (!current) return undefined;
    await checkLinks(tx, patch);
    const { changed, changes } = changesOf(FIELD_LABELS, patch, current);
    if (changed.length === 0) return { testimonial: presentAdminTestimonial(current), released: [] };
    // Showing or hiding a demo testimonial keeps it a demo; editing its words makes it the agency's.
    const ownedNow = !visibilityOnly(changed) && !changed.every((key) => key === 'order');
    const [row] = await tx
      .update(testimonials)
      .set(ownedNow ? { ...changes, isDemo: false } : changes)
      .where(eq(testimonials.id, id))
      .returning();
    if (!row) throw new Error('testimonial vanished during update');

    if (visibilityOnly(changed)) {
      await logActivity(tx, {
        type: row.isActive ? 'testimonial.activated' : 'testimonial.deactivated',
        title: `Témoignage de ${whose(row)} ${row.isActive ? 'affiché sur le site' : 'masqué du site'}`,
        userId: adminId,
      });
    } else {
      await logActivity(tx, {
        type: 'testimonial.updated',
        title: `Témoignage de ${whose(row)} modifié`,
        description: changedFields(changed, FIELD_LABELS),
        userId: adminId,
      });
    }
    const released = (['photoUrl', 'logoUrl'] as const)
      .filter((key) => changed.includes(key))
      .flatMap((key) => current[key] ?? []);
    return { testimonial: presentAdminTestimonial(row), released };
  });
}

/**
 * Moves a testimonial one place up or down in the order the site shows; they are then numbered
 * 0, 1, 2... False when unknown; at either end nothing changes and nothing is logged.
 */
export async function moveTestimonial(
  db: Database,
  id: string,
  direction: MoveDirection,
  adminId: string,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const move = await moveInTable<Testimonial>(
      tx,
      { table: testimonials, orderBy: TESTIMONIAL_ORDER, lockKey: TESTIMONIAL_ORDER_LOCK_KEY },
      id,
      direction,
    );
    if (move === undefined) return false;
    if (move === null) return true;
    await logActivity(tx, {
      type: 'testimonial.reordered',
      title: `Témoignage de ${whose(move.moved)} déplacé vers le ${directionWord(direction)}`,
      description: `Position ${move.position} sur ${move.count}`,
      userId: adminId,
    });
    return true;
  });
}

/** Deletes a testimonial; undefined when unknown, else the deleted one (its images are to release). */
export async function deleteTestimonial(
  db: Database,
  id: string,
  adminId: string,
): Promise<AdminTestimonial | undefined> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.delete(testimonials).where(eq(testimonials.id, id)).returning();
    if (!row) return undefined;
    await logActivity(tx, {
      type: 'testimonial.deleted',
      title: `Témoignage de ${whose(row)} supprimé`,
      userId: adminId,
    });
    return presentAdminTestimonial(row);
  });
}
