/**
 * What every part of the campaign code shares: reading and locking a campaign row, its job
 * counts, the sender from the settings, and the campaign's errors (decision 017).
 */
import { count, eq, inArray } from 'drizzle-orm';
import type { JobStatus } from '#common/enums.ts';
import type { Database } from '#db/client.ts';
import { campaignJobs, emailCampaigns, siteSettings } from '#db/schema.ts';
import { type ActivityEntry, logActivity } from '../activity/log.ts';
import { HttpError, notFound } from '../errors.ts';
import type { CampaignRow } from './render.ts';

export const campaignNotFound = () => notFound('Campagne introuvable.');
export const conflict = (message: string) => new HttpError(409, 'invalid_transition', message);

export async function findCampaign(db: Database, id: string): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
  return row;
}

export async function lockCampaign(tx: Database, id: string): Promise<CampaignRow> {
  const [row] = await tx.select().from(emailCampaigns).where(eq(emailCampaigns.id, id)).for('update');
  if (!row) throw campaignNotFound();
  return row;
}

/** Writes `values` to a campaign and logs the change, its entry drawn from the written row. */
export async function updateCampaignRow(
  tx: Database,
  id: string,
  values: Partial<typeof emailCampaigns.$inferInsert>,
  adminId: string,
  activity: (row: CampaignRow) => Omit<ActivityEntry, 'userId'>,
): Promise<CampaignRow> {
  const [row] = await tx.update(emailCampaigns).set(values).where(eq(emailCampaigns.id, id)).returning();
  if (!row) throw campaignNotFound();
  await logActivity(tx, { ...activity(row), userId: adminId });
  return row;
}

/** Locks a campaign not sent yet (a draft or a scheduled one); any other is refused with `refusal`. */
export async function lockUnsentCampaign(tx: Database, id: string, refusal: string): Promise<CampaignRow> {
  const current = await lockCampaign(tx, id);
  if (current.status !== 'draft' && current.status !== 'scheduled') throw conflict(refusal);
  return current;
}

export type JobCounts = Record<JobStatus, number> & { total: number };

export const emptyCounts = (): JobCounts => ({
  queued: 0,
  sent: 0,
  failed: 0,
  bounced: 0,
  complained: 0,
  total: 0,
});

export async function jobCounts(db: Database, campaignIds: string[]): Promise<Map<string, JobCounts>> {
  const counts = new Map<string, JobCounts>();
  if (campaignIds.length === 0) return counts;
  const rows = await db
    .select({ campaignId: campaignJobs.campaignId, status: campaignJobs.status, n: count() })
    .from(campaignJobs)
    .where(inArray(campaignJobs.campaignId, campaignIds))
    .groupBy(campaignJobs.campaignId, campaignJobs.status);
  for (const row of rows) {
    const entry = counts.get(row.campaignId) ?? emptyCounts();
    entry[row.status] = row.n;
    entry.total += row.n;
    counts.set(row.campaignId, entry);
  }
  return counts;
}

export async function defaultSender(db: Database): Promise<{ name: string; email: string }> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, ['email.sender_name', 'email.sender_email']));
  const settings = new Map(rows.map((r) => [r.key, r.value.trim()]));
  return {
    name: settings.get('email.sender_name') || 'Lisanga Digital',
    email: settings.get('email.sender_email') || 'contact@lisanga-digital.cd',
  };
}
