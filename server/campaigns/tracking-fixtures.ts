/**
 * Test data for the tracking, webhook and results tests: a campaign with its recipients' jobs,
 * written straight to the tables (the campaign engine has its own tests).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '#db/client.ts';
import { campaignJobs, emailCampaigns, newsletterSubscriptions } from '#db/schema.ts';
import { factory } from '#tests/helpers/factories.ts';

let counter = 0;
const suffix = () => `${Date.now().toString(36)}${(++counter).toString(36)}`;

export const insertCampaign = factory(emailCampaigns, 'insertCampaign', () => ({
  title: `Campagne ${suffix()}`,
  subject: 'Nos nouveautés',
  status: 'sending' as const,
}));

export const insertActiveSubscriber = factory(newsletterSubscriptions, 'insertActiveSubscriber', () => ({
  email: `lecteur-${suffix()}@exemple.cd`,
  status: 'active' as const,
  subscribedAt: new Date(),
}));

const insertSentJob = factory(campaignJobs, 'insertJob', () => ({
  status: 'sent' as const,
  attempt: 1,
  sentAt: new Date(),
  messageId: `<${randomUUID()}@lisanga-digital.cd>`,
}));

/** A job as the campaign worker leaves it after sending: status sent, Message-ID set. */
export const insertJob = (
  db: Database,
  campaignId: string,
  subscriberId: string,
  overrides: Partial<typeof campaignJobs.$inferInsert> = {},
) => insertSentJob(db, { campaignId, subscriberId, ...overrides });
