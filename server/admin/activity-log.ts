/**
 * The activity log screen's reads (decision 016): newest first, filtered by type family, author,
 * days (Kinshasa calendar) and text, with the author's name. Writing is server/activity/log.ts.
 */

import { and, count, desc, eq, gte, ilike, like, lt, or, type SQL, sql } from 'drizzle-orm';
import { addDays, kinshasaDayStart } from '#common/kinshasa.ts';
import {
  ACTIVITY_TYPE_LABELS,
  type ActivityEntry,
  type ActivityListQuery,
  type ActivityPage,
  activityFamily,
} from '#common/schemas/activity-admin.ts';
import { adminFullName } from '#common/schemas/users-admin.ts';
import type { Database } from '#db/client.ts';
import { likePattern } from '#db/list-queries.ts';
import { activityLogs, adminUsers } from '#db/schema.ts';

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function whereOf(query: ActivityListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.type) {
    if (query.type.includes('.')) conditions.push(eq(activityLogs.type, query.type));
    else {
      const family = escapeLike(query.type);
      conditions.push(
        or(
          like(activityLogs.type, `${family}.%`),
          like(activityLogs.type, `${family}s.%`),
          eq(activityLogs.type, query.type),
        ),
      );
    }
  }
  if (query.userId) conditions.push(eq(activityLogs.userId, query.userId));
  if (query.from) conditions.push(gte(activityLogs.createdAt, kinshasaDayStart(query.from)));
  if (query.to) conditions.push(lt(activityLogs.createdAt, kinshasaDayStart(addDays(query.to, 1))));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      or(
        ilike(activityLogs.title, pattern),
        ilike(activityLogs.description, pattern),
        ilike(adminUsers.email, pattern),
        ilike(sql`${adminUsers.firstName} || ' ' || ${adminUsers.lastName}`, pattern),
      ),
    );
  }
  const defined = conditions.filter((c): c is SQL => c !== undefined);
  return defined.length > 0 ? and(...defined) : undefined;
}

/** What a list of the activity log shows of each entry (this screen and the dashboard's latest). */
export const ACTIVITY_ENTRY_COLUMNS = {
  id: activityLogs.id,
  type: activityLogs.type,
  title: activityLogs.title,
  description: activityLogs.description,
  createdAt: activityLogs.createdAt,
};

export async function listActivity(db: Database, query: ActivityListQuery): Promise<ActivityPage> {
  const where = whereOf(query);
  const [rows, [total], types, authors] = await Promise.all([
    db
      .select({
        ...ACTIVITY_ENTRY_COLUMNS,
        userId: adminUsers.id,
        email: adminUsers.email,
        firstName: adminUsers.firstName,
        lastName: adminUsers.lastName,
      })
      .from(activityLogs)
      .leftJoin(adminUsers, eq(adminUsers.id, activityLogs.userId))
      .where(where)
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(activityLogs)
      .leftJoin(adminUsers, eq(adminUsers.id, activityLogs.userId))
      .where(where),
    db.selectDistinct({ type: activityLogs.type }).from(activityLogs),
    db
      .selectDistinct({ id: adminUsers.id, firstName: adminUsers.firstName, lastName: adminUsers.lastName })
      .from(activityLogs)
      .innerJoin(adminUsers, eq(adminUsers.id, activityLogs.userId)),
  ]);
  const known = Object.keys(ACTIVITY_TYPE_LABELS);
  const families = [...new Set(types.map((t) => activityFamily(t.type)))].sort(
    (a, b) => (known.indexOf(a) + 1 || 999) - (known.indexOf(b) + 1 || 999) || a.localeCompare(b),
  );
  const items: ActivityEntry[] = rows.map((r) => ({
    id: r.id,
    type: r.type,
    title: r.title,
    description: r.description,
    createdAt: r.createdAt.toISOString(),
    user: r.userId
      ? { id: r.userId, email: r.email ?? '', firstName: r.firstName ?? '', lastName: r.lastName ?? '' }
      : null,
  }));
  return {
    items,
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    types: families,
    authors: authors
      .map((a) => ({ id: a.id, name: adminFullName(a) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'fr')),
  };
}
