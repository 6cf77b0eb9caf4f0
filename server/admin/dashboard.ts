/**
 * The dashboard's numbers (decision 038). "This week" starts on Monday 00:00 and "this month" on
 * the 1st, Kinshasa time (common/kinshasa.ts); the charts cover the 12 weeks ending with
 * the current one, empty weeks included. Buckets are computed from epoch seconds, so PGlite and
 * PostgreSQL agree.
 */
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { QUOTE_RESPONSE_TIME } from '#common/constants.ts';
import { CONTACT_STATUSES, SUBSCRIBER_STATUSES } from '#common/enums.ts';
import { kinshasaDate, kinshasaDayEnd, monthStart, WEEK_MS, weekStart } from '#common/kinshasa.ts';
import type { DashboardData } from '#common/schemas/admin.ts';
import { type Database, queryRows } from '#db/client.ts';
import { activityLogs, blogPosts, contactRequests, newsletterSubscriptions } from '#db/schema.ts';
import { ACTIVITY_ENTRY_COLUMNS } from './activity-log.ts';
import { upcomingCalls } from './booking.ts';
import { presentWithAdminNames } from './contacts.ts';

export const DASHBOARD_WEEKS = 12;
export const TOP_POSTS = 5;
export const LATEST_ACTIVITY = 10;
/** The leads due that the dashboard lists (the leads screen has them all). */
export const FOLLOW_UP_ITEMS = 5;
/** The next calls the dashboard lists (the agenda has them all). */
export const UPCOMING_CALLS = 5;

type StatusCounts<S extends string> = Record<S, number> & { total: number };

function byStatus<S extends string>(
  statuses: readonly S[],
  rows: { status: S; n: number }[],
): StatusCounts<S> {
  const counts = Object.fromEntries(statuses.map((s) => [s, 0])) as Record<S, number>;
  let total = 0;
  for (const row of rows) {
    counts[row.status] = Number(row.n);
    total += Number(row.n);
  }
  return { ...counts, total };
}

async function leadsSince(db: Database, since: Date) {
  const rows = await db
    .select({ status: contactRequests.status, n: count() })
    .from(contactRequests)
    .where(gte(contactRequests.createdAt, since))
    .groupBy(contactRequests.status);
  return byStatus(CONTACT_STATUSES, rows);
}

/** Counts per week index (0 = oldest) of `column` from `first` for DASHBOARD_WEEKS weeks. */
function weekIndex(column: unknown, first: Date) {
  const firstEpoch = first.getTime() / 1000;
  return sql<number>`floor((extract(epoch from ${column}) - ${firstEpoch}) / ${WEEK_MS / 1000})::int`;
}

/** The leads to follow up as of `now` (decision 066). */
async function followUpOf(db: Database, now: Date): Promise<DashboardData['followUp']> {
  const c = contactRequests;
  const endOfDay = kinshasaDayEnd(now);
  const [counts] = await db
    .select({
      late: sql<number>`count(*) filter (where ${c.nextActionAt} <= ${now})`,
      dueToday: sql<number>`count(*) filter (where ${c.nextActionAt} < ${endOfDay})`,
      unanswered: sql<number>`count(*) filter (where ${c.status} = 'nouveau' and ${c.createdAt} <= ${new Date(now.getTime() - QUOTE_RESPONSE_TIME)})`,
    })
    .from(c);
  const rows = await db
    .select()
    .from(c)
    .where(lt(c.nextActionAt, endOfDay))
    .orderBy(asc(c.nextActionAt), asc(c.id))
    .limit(FOLLOW_UP_ITEMS);
  return {
    late: Number(counts?.late ?? 0),
    dueToday: Number(counts?.dueToday ?? 0),
    unanswered: Number(counts?.unanswered ?? 0),
    due: await presentWithAdminNames(
      db,
      rows,
      (row) => row.ownerId,
      (row, owners) => ({
        id: row.id,
        fullName: row.fullName,
        nextActionAt: (row.nextActionAt ?? now).toISOString(),
        nextActionNote: row.nextActionNote,
        owner: row.ownerId ? (owners.get(row.ownerId) ?? null) : null,
      }),
    ),
  };
}

export async function computeDashboard(db: Database, now: Date): Promise<DashboardData> {
  const currentWeek = weekStart(now);
  const firstWeek = new Date(currentWeek.getTime() - (DASHBOARD_WEEKS - 1) * WEEK_MS);
  const weekStarts = Array.from(
    { length: DASHBOARD_WEEKS },
    (_, i) => new Date(firstWeek.getTime() + i * WEEK_MS),
  );

  const week = await leadsSince(db, currentWeek);
  const month = await leadsSince(db, monthStart(now));
  const [leadTotal] = await db.select({ n: count() }).from(contactRequests);

  const subscriberRows = await db
    .select({ status: newsletterSubscriptions.status, n: count() })
    .from(newsletterSubscriptions)
    .groupBy(newsletterSubscriptions.status);
  const subscribers = byStatus(SUBSCRIBER_STATUSES, subscriberRows);

  const [conversionRow] = await db
    .select({
      signups: count(),
      confirmed: sql<number>`count(*) filter (where ${newsletterSubscriptions.status} = 'active')`,
    })
    .from(newsletterSubscriptions)
    .where(gte(newsletterSubscriptions.createdAt, firstWeek));
  const signups = Number(conversionRow?.signups ?? 0);
  const confirmed = Number(conversionRow?.confirmed ?? 0);

  const topPosts = await db
    .select({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug, views: blogPosts.views })
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
    .orderBy(desc(blogPosts.views), desc(blogPosts.publishedAt))
    .limit(TOP_POSTS);

  const leadIndex = weekIndex(contactRequests.createdAt, firstWeek);
  const leadBuckets = await queryRows<{ bucket: number; n: number | string }>(
    db,
    sql`select ${leadIndex} as bucket, count(*) as n from ${contactRequests}
        where ${contactRequests.createdAt} >= ${firstWeek} and ${contactRequests.createdAt} < ${new Date(currentWeek.getTime() + WEEK_MS)}
        group by bucket`,
  );
  const leadsPerWeek = weekStarts.map((start, i) => ({
    weekStart: kinshasaDate(start),
    count: Number(leadBuckets.find((b) => Number(b.bucket) === i)?.n ?? 0),
  }));

  // Growth of the active list: who is active now, by the week they confirmed (an address that
  // later unsubscribed is not counted: the table keeps no history of unsubscriptions).
  const activeSince = sql`coalesce(${newsletterSubscriptions.subscribedAt}, ${newsletterSubscriptions.createdAt})`;
  const [activeBefore] = await db
    .select({ n: count() })
    .from(newsletterSubscriptions)
    .where(and(eq(newsletterSubscriptions.status, 'active'), sql`${activeSince} < ${firstWeek}`));
  const activeBuckets = await queryRows<{ bucket: number; n: number | string }>(
    db,
    sql`select ${weekIndex(activeSince, firstWeek)} as bucket, count(*) as n from ${newsletterSubscriptions}
        where ${newsletterSubscriptions.status} = 'active' and ${activeSince} >= ${firstWeek}
          and ${activeSince} < ${new Date(currentWeek.getTime() + WEEK_MS)}
        group by bucket`,
  );
  let totalActive = Number(activeBefore?.n ?? 0);
  const subscriberGrowth = weekStarts.map((start, i) => {
    const newActive = Number(activeBuckets.find((b) => Number(b.bucket) === i)?.n ?? 0);
    totalActive += newActive;
    return { weekStart: kinshasaDate(start), newActive, totalActive };
  });

  const latest = await db
    .select(ACTIVITY_ENTRY_COLUMNS)
    .from(activityLogs)
    .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
    .limit(LATEST_ACTIVITY);

  return {
    followUp: await followUpOf(db, now),
    upcomingCalls: await upcomingCalls(db, now, UPCOMING_CALLS),
    leads: { week, month, total: Number(leadTotal?.n ?? 0) },
    subscribers,
    conversion: {
      signups,
      confirmed,
      // A share between 0 and 1, three decimals: the screen formats it as a percentage.
      rate: signups > 0 ? Math.round((confirmed / signups) * 1000) / 1000 : 0,
    },
    topPosts,
    leadsPerWeek,
    subscriberGrowth,
    latestActivity: latest.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
  };
}
