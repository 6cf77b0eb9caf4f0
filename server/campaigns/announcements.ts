/** New content (decision 017): publications not yet announced, and a draft announcing them. */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { PendingPublication } from '#common/schemas/campaigns.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { insertRow } from '#db/rows.ts';
import { campaignJobs, contentPublications, emailCampaigns, emailTemplates } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import { fieldError } from '../errors.ts';
import { conflict, defaultSender } from './campaign-rows.ts';
import type { CampaignRow } from './render.ts';

/** The key of the seeded template announcements start from (db/seed-email-templates.ts). */
export const ANNOUNCEMENT_TEMPLATE_KEY = 'content_announcement';

export async function listPendingPublications(
  db: Database,
  publicUrl: string,
): Promise<PendingPublication[]> {
  const rows = await db
    .select()
    .from(contentPublications)
    .where(eq(contentPublications.processed, false))
    .orderBy(desc(contentPublications.publishedAt));
  return rows.map((row) => ({
    id: row.id,
    contentType: row.contentType,
    title: row.title,
    url: new URL(row.url, publicUrl).toString(),
    publishedAt: row.publishedAt.toISOString(),
  }));
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A draft announcing unprocessed publications, from the 'content_announcement' template, to every
 * active subscriber. The publications point to it (content_publications.campaignId) and become
 * processed when it is sent; a publication already in another unsent announcement moves here.
 */
export async function createAnnouncement(
  db: Database,
  publicationIds: string[],
  adminId: string,
  publicUrl: string,
): Promise<CampaignRow> {
  return inTransaction(db, async (tx) => {
    const ids = [...new Set(publicationIds)];
    const publications = await tx
      .select()
      .from(contentPublications)
      .where(and(inArray(contentPublications.id, ids), eq(contentPublications.processed, false)))
      .orderBy(asc(contentPublications.publishedAt))
      .for('update');
    if (publications.length !== ids.length) {
      throw fieldError('publicationIds', 'Une de ces publications n’existe plus ou a déjà été annoncée.');
    }
    const [template] = await tx
      .select({ id: emailTemplates.id })
      .from(emailTemplates)
      .where(eq(emailTemplates.key, ANNOUNCEMENT_TEMPLATE_KEY));
    if (!template) throw conflict('Le modèle « Annonce de nouveau contenu » est introuvable.');

    const first = publications[0];
    if (!first) throw fieldError('publicationIds', 'Choisissez au moins une publication');
    const urls = publications.map((p) => new URL(p.url, publicUrl).toString());
    const single = publications.length === 1;
    const headline = single ? first.title : `${publications.length} nouvelles publications`;
    const content: Record<string, string> = {
      contentTitle: headline,
      contentExcerpt: single
        ? `Découvrez « ${first.title} » sur notre site.`
        : `Au programme : ${publications.map((p) => `« ${p.title} »`).join(', ')}.`,
      contentUrl: single ? (urls[0] ?? publicUrl) : new URL('/blog', publicUrl).toString(),
      // Plain text, one publication per line: "Titre : https://…".
      publicationList: publications.map((p, i) => `${p.title} : ${urls[i]}`).join('\n'),
    };
    const sender = await defaultSender(tx);
    const campaign = await insertRow(tx, emailCampaigns, {
      title: truncate(`Annonce : ${headline}`, 200),
      subject: truncate(`Nouveau sur notre site : ${headline}`, 200),
      senderName: sender.name,
      senderEmail: sender.email,
      templateId: template.id,
      segmentFilterJson: { tags: [] },
      content,
    });
    await tx
      .update(contentPublications)
      .set({ campaignId: campaign.id })
      .where(inArray(contentPublications.id, ids));
    await logActivity(tx, {
      type: 'campaign.created',
      title: `Annonce « ${headline} » préparée`,
      description: publications.map((p) => p.title).join(' · '),
      userId: adminId,
    });
    return campaign;
  });
}

/** Exposed for tests and the worker: jobs still waiting for one campaign. */
export async function queuedJobCount(db: Database, campaignId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(campaignJobs)
    .where(and(eq(campaignJobs.campaignId, campaignId), eq(campaignJobs.status, 'queued')));
  return row?.n ?? 0;
}
