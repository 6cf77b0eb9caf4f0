/** Campaigns as the back-office shows them: the list with its counts, and one campaign in full. */
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '#common/schemas/admin.ts';
import type {
  CampaignDetail,
  CampaignListQuerySchema,
  CampaignSummary,
  Segment,
} from '#common/schemas/campaigns.ts';
import type { Database } from '#db/client.ts';
import { pageOfTable } from '#db/list-queries.ts';
import { contentPublications, emailCampaigns, emailTemplates } from '#db/schema.ts';
import { emptyCounts, type JobCounts, jobCounts } from './campaign-rows.ts';
import { campaignProblems } from './readiness.ts';
import type { CampaignRow } from './render.ts';
import { countSegment, storedSegment } from './segment.ts';

export type CampaignListQuery = z.output<typeof CampaignListQuerySchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentSummary(row: CampaignRow, jobs: JobCounts): CampaignSummary {
  return {
    id: row.id,
    title: row.title,
    subject: row.subject,
    status: row.status,
    paused: row.status === 'sending' && row.pausedAt !== null,
    scheduledAt: iso(row.scheduledAt),
    sentAt: iso(row.sentAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    jobs,
  };
}

function displaySegment(row: CampaignRow): Segment {
  try {
    return storedSegment(row.segmentFilterJson);
  } catch {
    return { tags: [], locale: undefined };
  }
}

export async function presentCampaign(
  db: Database,
  row: CampaignRow,
  publicUrl: string,
): Promise<CampaignDetail> {
  const jobs = (await jobCounts(db, [row.id])).get(row.id) ?? emptyCounts();
  const [template] = row.templateId
    ? await db
        .select({ name: emailTemplates.name })
        .from(emailTemplates)
        .where(eq(emailTemplates.id, row.templateId))
    : [];
  const publications = await db
    .select({ id: contentPublications.id })
    .from(contentPublications)
    .where(eq(contentPublications.campaignId, row.id))
    .orderBy(asc(contentPublications.publishedAt));
  const segment = displaySegment(row);
  const started = row.status !== 'draft' && row.status !== 'scheduled';
  const recipients = started ? jobs.total : await countSegment(db, segment);
  return {
    ...presentSummary(row, jobs),
    senderName: row.senderName,
    senderEmail: row.senderEmail,
    templateId: row.templateId,
    templateName: template?.name ?? null,
    blocks: row.blocks,
    segment,
    content: row.content,
    recipientCount: started ? jobs.total : recipients,
    cancelledAt: iso(row.cancelledAt),
    publicationIds: publications.map((p) => p.id),
    problems: started ? [] : (await campaignProblems(db, row, publicUrl, recipients)).map((p) => p.message),
  };
}

export async function listCampaigns(db: Database, query: CampaignListQuery): Promise<Page<CampaignSummary>> {
  const where = query.status ? eq(emailCampaigns.status, query.status) : undefined;
  return pageOfTable(db, emailCampaigns, query, where, undefined, async (rows: CampaignRow[]) => {
    const counts = await jobCounts(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => presentSummary(row, counts.get(row.id) ?? emptyCounts()));
  });
}
