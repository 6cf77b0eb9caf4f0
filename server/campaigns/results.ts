/**
 * The results of one campaign (decision 018, GET /api/admin/campaigns/:id/results), from its jobs
 * and its email_events:
 * - sent: jobs handed to the SMTP server (status sent, bounced or complained: a bounce or a
 *   complaint comes after the send); failed and queued: jobs in those states;
 * - opens / clicks: every recorded event; unique*: distinct subscribers among them (events of an
 *   erased subscriber keep counting in the totals, not in the uniques);
 * - bounces / complaints: jobs the provider's webhook marked (hard bounces; soft ones are only
 *   events);
 * - unsubscribes: recipients whose subscription is now `unsubscribed`, changed after this
 *   campaign reached them and before any later campaign did (the event enum has no
 *   'unsubscribe': the unsubscribe links do not name the campaign, so it is attributed to the
 *   last campaign received). Complaints are counted as complaints only;
 * - timeline: hourly buckets (UTC hours, ISO) from the hour of the first send, up to 31 days;
 * - topLinks: the 10 most clicked URLs, with their distinct clickers;
 * - visits, leads, signUps, bookedCalls: what its links brought to the site (decision 084), by its
 *   utm_campaign key, from the Kinshasa day of its first send: the visits of the daily audience
 *   aggregates (dimension 'campaign'), and the leads and newsletter sign-ups not kept "À vérifier"
 *   and the confirmed booked calls whose attribution names the key, counted as the Audience screen
 *   counts its conversions (server/admin/audience.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { kinshasaDate, kinshasaDayStart } from '#common/kinshasa.ts';
import type { CampaignResults } from '#common/schemas/campaigns.ts';
import { type Database, queryRows } from '#db/client.ts';
import { emailCampaigns } from '#db/schema.ts';
import { notFound } from '../errors.ts';
import { isTrackingEnabled } from './tracking.ts';
import { untagSiteUrl } from './utm.ts';

/** The chart covers the first month after the first send; later events count in the totals only. */
export const TIMELINE_MAX_HOURS = 31 * 24;
const TOP_LINKS = 10;
const HOUR_MS = 3_600_000;

export async function campaignResults(db: Database, campaignId: string): Promise<CampaignResults> {
  const [campaign] = await db
    .select({ id: emailCampaigns.id, utmCampaign: emailCampaigns.utmCampaign })
    .from(emailCampaigns)
    .where(eq(emailCampaigns.id, campaignId))
    .limit(1);
  if (!campaign) throw notFound('Campagne introuvable.');

  const jobs = await queryRows<{ status: string; n: number }>(
    db,
    sql`select status::text as status, count(*)::int as n
        from campaign_jobs where campaign_id = ${campaignId} group by status`,
  );
  const jobCount = (status: string) => jobs.find((j) => j.status === status)?.n ?? 0;

  const events = await queryRows<{ type: string; n: number; people: number }>(
    db,
    sql`select type::text as type, count(*)::int as n, count(distinct subscriber_id)::int as people
        from email_events where campaign_id = ${campaignId} and type in ('open', 'click') group by type`,
  );
  const eventCount = (type: string) => events.find((e) => e.type === type) ?? { n: 0, people: 0 };

  const [unsubscribed] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n
        from campaign_jobs j
        join newsletter_subscriptions s on s.id = j.subscriber_id
        where j.campaign_id = ${campaignId}
          and j.status = 'sent' and j.sent_at is not null
          and s.status = 'unsubscribed' and s.updated_at >= j.sent_at
          and not exists (
            select 1 from campaign_jobs later
            where later.subscriber_id = j.subscriber_id and later.campaign_id <> j.campaign_id
              and later.sent_at > j.sent_at and later.sent_at <= s.updated_at
          )`,
  );

  const links = await queryRows<{ url: string; clicks: number; uniqueClicks: number }>(
    db,
    sql`select meta_json->>'url' as url, count(*)::int as clicks,
          count(distinct subscriber_id)::int as "uniqueClicks"
        from email_events
        where campaign_id = ${campaignId} and type = 'click' and meta_json->>'url' is not null
        group by meta_json->>'url'
        order by clicks desc, "uniqueClicks" desc, url
        limit ${TOP_LINKS}`,
  );

  const opens = eventCount('open');
  const clicks = eventCount('click');
  return {
    sent: jobCount('sent') + jobCount('bounced') + jobCount('complained'),
    failed: jobCount('failed'),
    queued: jobCount('queued'),
    opens: opens.n,
    uniqueOpens: opens.people,
    clicks: clicks.n,
    uniqueClicks: clicks.people,
    bounces: jobCount('bounced'),
    complaints: jobCount('complained'),
    unsubscribes: unsubscribed?.n ?? 0,
    timeline: await timeline(db, campaignId),
    topLinks: campaign.utmCampaign ? asWritten(links, campaign.utmCampaign) : links,
    trackingEnabled: await isTrackingEnabled(db),
    utmCampaign: campaign.utmCampaign,
    ...(await siteResults(db, campaignId, campaign.utmCampaign)),
  };
}

/**
 * The clicked links as the editor wrote them, without the campaign's UTM parameters (every link to
 * the site has the same ones); two links that were the same once untagged are one row.
 */
function asWritten(links: CampaignResults['topLinks'], campaignKey: string): CampaignResults['topLinks'] {
  const rows = new Map<string, CampaignResults['topLinks'][number]>();
  for (const link of links) {
    const url = untagSiteUrl(link.url, campaignKey);
    const row = rows.get(url);
    if (row) {
      row.clicks += link.clicks;
      row.uniqueClicks += link.uniqueClicks;
    } else rows.set(url, { ...link, url });
  }
  return [...rows.values()].sort((a, b) => b.clicks - a.clicks || b.uniqueClicks - a.uniqueClicks);
}

type SiteResults = Pick<CampaignResults, 'visits' | 'leads' | 'signUps' | 'bookedCalls'>;

/**
 * What the campaign's tagged links brought, since the Kinshasa day of its first send (the daily
 * aggregates have no finer time). Reads the aggregates, never the raw audience events.
 */
async function siteResults(db: Database, campaignId: string, key: string | null): Promise<SiteResults> {
  const none = { visits: 0, leads: 0, signUps: 0, bookedCalls: 0 };
  if (!key) return none;
  const [first] = await queryRows<{ at: string | Date | null }>(
    db,
    sql`select min(sent_at) as at from campaign_jobs where campaign_id = ${campaignId}`,
  );
  if (!first?.at) return none;
  const day = kinshasaDate(new Date(first.at));
  const since = kinshasaDayStart(day).toISOString();
  const [row] = await queryRows<SiteResults>(
    db,
    sql`select
          (select coalesce(sum(visits), 0)::int from audience_daily
            where dimension = 'campaign' and value = ${key} and day >= ${day}) as visits,
          (select count(*)::int from contact_requests
            where attribution->>'utmCampaign' = ${key} and created_at >= ${since}::timestamptz
              and review_reason is null) as leads,
          (select count(*)::int from newsletter_subscriptions
            where attribution->>'utmCampaign' = ${key} and created_at >= ${since}::timestamptz
              and review_reason is null) as "signUps",
          (select count(*)::int from call_bookings
            where status = 'confirmed' and attribution->>'utmCampaign' = ${key}
              and created_at >= ${since}::timestamptz) as "bookedCalls"`,
  );
  return row ?? none;
}

/**
 * Hours are counted since the Unix epoch in SQL (`extract(epoch ...)`), which does not depend on
 * the server's time zone, and turned into ISO hours here; hours without activity are zeros so the
 * chart's axis is time.
 */
async function timeline(db: Database, campaignId: string): Promise<CampaignResults['timeline']> {
  const rows = await queryRows<{ kind: string; hour: number; n: number }>(
    db,
    sql`select 'sent' as kind, floor(extract(epoch from sent_at) / 3600)::int as hour, count(*)::int as n
          from campaign_jobs
          where campaign_id = ${campaignId} and sent_at is not null
          group by 2
        union all
        select type::text, floor(extract(epoch from occurred_at) / 3600)::int, count(*)::int
          from email_events
          where campaign_id = ${campaignId} and type in ('open', 'click')
          group by 1, 2`,
  );
  const sentHours = rows.filter((r) => r.kind === 'sent').map((r) => r.hour);
  if (sentHours.length === 0) return [];
  const first = Math.min(...sentHours);
  const last = Math.min(Math.max(...rows.map((r) => r.hour)), first + TIMELINE_MAX_HOURS - 1);
  const buckets = Array.from({ length: last - first + 1 }, (_, i) => ({
    hour: new Date((first + i) * HOUR_MS).toISOString(),
    sent: 0,
    opens: 0,
    clicks: 0,
  }));
  for (const row of rows) {
    const bucket = buckets[row.hour - first];
    if (!bucket) continue;
    if (row.kind === 'sent') bucket.sent += row.n;
    else if (row.kind === 'open') bucket.opens += row.n;
    else if (row.kind === 'click') bucket.clicks += row.n;
  }
  return buckets;
}
