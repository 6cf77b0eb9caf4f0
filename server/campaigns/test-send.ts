/**
 * What the campaign editor's preview and test send need beyond rendering: the subscriber a preview
 * is seen as, an example first name from the segment, and the test email queued with its log line.
 * Served by api/admin/campaigns.ts.
 */
import { eq } from 'drizzle-orm';
import { EXAMPLE_FIRST_NAME } from '#common/schemas/campaigns.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { newsletterSubscriptions } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import { formatAddress, type Outbox } from '../email/outbox.ts';
import { type CampaignRow, exampleLinks, loadRenderContext, renderCampaign } from './render.ts';
import { segmentCondition, storedSegment } from './segment.ts';

export type SubscriberNamed = { email: string; firstName: string | null };

/** The subscriber's address and first name, or undefined for an unknown id. */
export async function subscriberNamed(
  db: Database,
  subscriberId: string,
): Promise<SubscriberNamed | undefined> {
  const [row] = await db
    .select({ email: newsletterSubscriptions.email, firstName: newsletterSubscriptions.firstName })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, subscriberId));
  return row;
}

/** The first name of the first subscriber the segment matches, to make a preview look real. */
export async function exampleFirstName(db: Database, segmentJson: unknown): Promise<string | null> {
  let condition: ReturnType<typeof segmentCondition>;
  try {
    condition = segmentCondition(storedSegment(segmentJson));
  } catch {
    return null;
  }
  const [row] = await db
    .select({ firstName: newsletterSubscriptions.firstName })
    .from(newsletterSubscriptions)
    .where(condition)
    .orderBy(newsletterSubscriptions.subscribedAt)
    .limit(1);
  return row?.firstName ?? null;
}

/**
 * Renders the campaign and queues it to `email` through the outbox like any transactional email
 * (no job row, no tracking), logged, in one transaction. A template that cannot be rendered
 * throws its CampaignRenderError and writes nothing.
 */
export async function queueCampaignTest(
  deps: { db: Database; outbox: Pick<Outbox, 'enqueueEmail'>; publicUrl: string },
  campaign: CampaignRow,
  test: { email: string; greeted: SubscriberNamed | null | undefined; userId: string },
): Promise<void> {
  const { db, outbox, publicUrl } = deps;
  await inTransaction(db, async (tx) => {
    const context = await loadRenderContext(tx, campaign, publicUrl);
    const rendered = await renderCampaign(tx, {
      campaign,
      context,
      // The subscriber the admin chose to see it as, or an invented first name: a test never
      // carries a subscriber's data the admin did not ask for.
      firstName: test.greeted ? test.greeted.firstName : EXAMPLE_FIRST_NAME,
      links: exampleLinks(publicUrl),
    });
    await outbox.enqueueEmail(tx, {
      to: test.email,
      subject: `[TEST] ${rendered.subject}`,
      html: rendered.html,
      text: rendered.text,
      from: formatAddress(campaign.senderName, campaign.senderEmail),
      // No List-Unsubscribe: the typed address is no subscriber, and the example link of a
      // test would answer the mailbox provider's one-click POST with an error.
      templateKey: 'campaign_test',
    });
    await logActivity(tx, {
      type: 'campaign.test_sent',
      title: `Test de la campagne « ${campaign.title} » envoyé`,
      description: test.email,
      userId: test.userId,
    });
  });
}
