/**
 * Who a campaign reaches (decision 017): always and only subscribers who confirmed (`active`, and
 * not deactivated), narrowed by the segment's criteria. The same SQL condition counts the
 * recipients live in the editor and selects them when the jobs are created, so the count the admin
 * saw is the list that gets the email (give or take the subscriptions of the meantime).
 */
import { and, count, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import { addDays, kinshasaDayStart } from '#common/kinshasa.ts';
import { type Segment, SegmentSchema } from '#common/schemas/campaigns.ts';
import type { Database } from '#db/client.ts';
import { newsletterSubscriptions } from '#db/schema.ts';

/** Subscribers the segment designates; `active` and `isActive` whatever the criteria. */
export function segmentCondition(segment: Segment): SQL {
  const s = newsletterSubscriptions;
  const conditions: SQL[] = [eq(s.status, 'active'), eq(s.isActive, true)];
  if (segment.tags.length > 0) {
    const anyTag = or(...segment.tags.map((tag) => sql`${tag} = any(${s.tags})`));
    if (anyTag) conditions.push(anyTag);
  }
  if (segment.locale) conditions.push(eq(s.locale, segment.locale));
  if (segment.subscribedFrom) conditions.push(gte(s.subscribedAt, kinshasaDayStart(segment.subscribedFrom)));
  if (segment.subscribedTo) {
    // The whole "to" day is included: before the next Kinshasa midnight.
    conditions.push(lt(s.subscribedAt, kinshasaDayStart(addDays(segment.subscribedTo, 1))));
  }
  return and(...conditions) as SQL;
}

export async function countSegment(db: Database, segment: Segment): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(newsletterSubscriptions)
    .where(segmentCondition(segment));
  return row?.n ?? 0;
}

/**
 * The segment stored with a campaign (`segment_filter_json`, always written through
 * SegmentSchema). One that no longer parses throws rather than widen to every subscriber.
 */
export function storedSegment(json: unknown): Segment {
  return SegmentSchema.parse(json ?? {});
}
