/**
 * Test data for the tracking, webhook and results tests: a campaign with its recipients' jobs,
 * written straight to the tables (the campaign engine has its own tests).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '#db/client.ts';
import { campaignJobs, emailCampaigns, newsletterSubscriptions } from '#db/schema.ts';

let counter = 0;
const suffix = () => `${Date.now().toString(36)}${(++counter).toString(36)}`;

export async function insertCampaign(
  db: Database,
  overrides: Partial<typeof emailCampaigns.$inferInsert> = {},
) {
  const [row] = await db
    .insert(emailCampaigns)
    .values({ title: `Campagne ${suffix()}`, subject: 'Nos nouveautés', status: 'sending', ...overrides })
    .returning();
  if (!row) throw new Error('insertCampaign failed');
  return row;
}

export async function insertActiveSubscriber(
  db: Database,
  overrides: Partial<typeof newsletterSubscriptions.$inferInsert> = {},
) {
  const [row] = await db
    .insert(newsletterSubscriptions)
    .values({
      email: `lecteur-${suffix()}@exemple.cd`,
      status: 'active',
      subscribedAt: new Date(),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insertActiveSubscriber failed');
  return row;
}

/** A job as the campaign worker leaves it after sending: status sent, Message-ID set. */
export async function insertJob(
  db: Database,
  campaignId: string,
  subscriberId: string,
  overrides: Partial<typeof campaignJobs.$inferInsert> = {},
) {
  const [row] = await db
    .insert(campaignJobs)
    .values({
      campaignId,
      subscriberId,
      status: 'sent',
      attempt: 1,
      sentAt: new Date(),
      messageId: `<${randomUUID()}@lisanga-digital.cd>`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insertJob failed');
  return row;
}
