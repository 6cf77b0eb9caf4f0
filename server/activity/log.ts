/**
 * The activity log (docs/product.md §3.1 activity_logs; decision 016): every change an admin makes writes one
 * row, in the same transaction as the change, saying who did what. Types are `<resource>.<action>`
 * (e.g. 'service.created', 'post.published'); titles are French sentences shown as they are.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { hasRow } from '#db/rows.ts';
import { activityLogs } from '#db/schema.ts';

export type ActivityEntry = {
  type: string;
  title: string;
  description?: string | null;
  /** The admin who acted; null for the system (scheduled tasks, public visitors). */
  userId: string | null;
};

/**
 * The entry as an insert not yet run: `await` it, or pass it to a statement that writes it with
 * other rows (inOneStatement, as a new lead does).
 */
export function activityInsert(db: Database, entry: ActivityEntry) {
  return db.insert(activityLogs).values({
    type: entry.type,
    title: entry.title,
    description: entry.description ?? null,
    userId: entry.userId,
  });
}

export async function logActivity(db: Database, entry: ActivityEntry): Promise<void> {
  await activityInsert(db, entry);
}

/**
 * logActivity, unless the same admin logged the same entry (type and title) less than `within` ms
 * ago: a draft saved every few seconds while it is written (the editor's autosave) is one line of
 * the log, "Article modifié : …", not one per pause in the typing.
 */
export async function logActivityCoalesced(
  db: Database,
  entry: ActivityEntry,
  { within, now = new Date() }: { within: number; now?: Date },
): Promise<void> {
  const conditions = [eq(activityLogs.type, entry.type), eq(activityLogs.title, entry.title)];
  if (entry.userId) conditions.push(eq(activityLogs.userId, entry.userId));
  const since = gt(activityLogs.createdAt, new Date(now.getTime() - within));
  if (!(await hasRow(db, activityLogs, and(...conditions, since)))) await logActivity(db, entry);
}
