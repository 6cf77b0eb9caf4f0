/**
 * Case studies for the back-office (docs/decisions/015): list, one, create/update,
 * publish/unpublish and delete, each with its activity log row in the same transaction. The
 * first publication records a content_publications row for the campaigns (processed = false).
 */
import { eq } from 'drizzle-orm';
import type {
  AdminCaseStudy,
  AdminCaseStudyPage,
  CaseStudyInput,
  CaseStudyListQuery,
} from '#common/schemas/portfolio-admin.ts';
import { adminCaseStudyCoverUrl, caseStudyCover } from '#common/visuals.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { allOf, findPresented, pageOfTable, searchIn } from '#db/list-queries.ts';
import { insertRow } from '#db/rows.ts';
import { type CaseStudy, caseStudies } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import { publishing } from './publications.ts';

export function presentAdminCaseStudy(row: CaseStudy): AdminCaseStudy {
  return {
    id: row.id,
    title: row.title,
    clientName: row.clientName,
    industry: row.industry,
    description: row.description,
    imageUrl: row.imageUrl,
    // A draft's drawn cover is not public yet: the admin's own route serves it.
    coverUrl: row.imageUrl ?? (row.isPublished ? caseStudyCover(row).src : adminCaseStudyCoverUrl(row)),
    results: row.results,
    gallery: row.gallery,
    beforeAfter: row.beforeAfter ?? null,
    isPublished: row.isPublished,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listCaseStudies(db: Database, query: CaseStudyListQuery): Promise<AdminCaseStudyPage> {
  const where = allOf(
    searchIn(query.q, [caseStudies.title, caseStudies.clientName, caseStudies.industry]),
    query.status && eq(caseStudies.isPublished, query.status === 'published'),
  );
  // The public page's order (newest first), so the admin sees them as visitors do.
  return pageOfTable(db, caseStudies, query, where, undefined, (rows: CaseStudy[]) =>
    rows.map(presentAdminCaseStudy),
  );
}

export const findCaseStudy = (db: Database, id: string): Promise<AdminCaseStudy | undefined> =>
  findPresented(db, caseStudies, id, presentAdminCaseStudy);

export async function createCaseStudy(
  db: Database,
  input: CaseStudyInput,
  adminId: string,
): Promise<AdminCaseStudy> {
  return inTransaction(db, async (tx) => {
    const row = await insertRow(tx, caseStudies, { ...input, isPublished: false });
    await logActivity(tx, {
      type: 'case_study.created',
      title: `Étude de cas créée : ${row.title}`,
      description: `Client ${row.clientName}, non publiée`,
      userId: adminId,
    });
    return presentAdminCaseStudy(row);
  });
}

/** Every image a case study shows: its cover upload, its gallery, its before/after pair. */
function imagesOf(row: Pick<CaseStudy, 'imageUrl' | 'gallery' | 'beforeAfter'>): string[] {
  const pair = row.beforeAfter ? [row.beforeAfter.before.url, row.beforeAfter.after.url] : [];
  return [row.imageUrl, ...row.gallery.map((image) => image.url), ...pair].filter((url): url is string =>
    Boolean(url),
  );
}

/**
 * Updates the fields given; `released` are the images no longer shown (replaced or removed), to
 * release after commit.
 */
export async function updateCaseStudy(
  db: Database,
  id: string,
  input: Partial<CaseStudyInput>,
  adminId: string,
): Promise<{ item: AdminCaseStudy; released: string[] } | undefined> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(caseStudies).where(eq(caseStudies.id, id)).for('update');
    if (!current) return undefined;
    const changes = {
      title: input.title ?? current.title,
      clientName: input.clientName ?? current.clientName,
      industry: input.industry ?? current.industry,
      description: input.description ?? current.description,
      imageUrl: input.imageUrl !== undefined ? input.imageUrl : current.imageUrl,
      results: input.results ?? current.results,
      gallery: input.gallery ?? current.gallery,
      beforeAfter: input.beforeAfter !== undefined ? input.beforeAfter : current.beforeAfter,
    };
    // Saving the form unchanged writes nothing and logs nothing.
    const unchanged =
      (['results', 'gallery', 'beforeAfter'] as const).every(
        (key) => JSON.stringify(changes[key] ?? null) === JSON.stringify(current[key] ?? null),
      ) &&
      (['title', 'clientName', 'industry', 'description', 'imageUrl'] as const).every(
        (key) => changes[key] === current[key],
      );
    if (unchanged) return { item: presentAdminCaseStudy(current), released: [] };
    const [row] = await tx.update(caseStudies).set(changes).where(eq(caseStudies.id, id)).returning();
    if (!row) throw new Error('case study vanished during update');
    await logActivity(tx, {
      type: 'case_study.updated',
      title: `Étude de cas modifiée : ${row.title}`,
      description: row.title !== current.title ? `ancien titre « ${current.title} »` : null,
      userId: adminId,
    });
    const kept = new Set(imagesOf(row));
    return { item: presentAdminCaseStudy(row), released: imagesOf(current).filter((url) => !kept.has(url)) };
  });
}

/**
 * Publishing twice changes nothing; the content_publications row is written once per case study.
 * A deletion deletes its publication records not yet processed by the campaigns and gives its
 * images, to release.
 */
export const {
  publish: publishCaseStudy,
  unpublish: unpublishCaseStudy,
  remove: deleteCaseStudy,
} = publishing<CaseStudy, AdminCaseStudy>({
  table: caseStudies,
  name: 'case study',
  contentType: 'portfolio',
  present: presentAdminCaseStudy,
  // The portfolio has one public page; a case study is a card on it.
  url: (_row, publicUrl) => `${publicUrl}/portfolio`,
  uploads: imagesOf,
  activity: {
    published: (row) => ({
      type: 'case_study.published',
      title: `Étude de cas publiée : ${row.title}`,
      description: `Client ${row.clientName}`,
    }),
    unpublished: (row) => ({
      type: 'case_study.unpublished',
      title: `Étude de cas dépubliée : ${row.title}`,
      description: `Client ${row.clientName}`,
    }),
    deleted: (row) => ({
      type: 'case_study.deleted',
      title: `Étude de cas supprimée : ${row.title}`,
      description: `Client ${row.clientName}`,
    }),
  },
});
