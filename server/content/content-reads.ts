/**
 * Which content tables an answer was made from (docs/decisions/031-response-cache.md): every
 * public read notes its tables here, and the response cache keeps the set beside the answer, so
 * that a change to one table drops exactly the answers that showed it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The tables public pages and the public API read. A statement changing any of them notifies
 * every instance (migration 0006, `content.changed` on the event bus).
 */
export const CONTENT_TABLES = [
  'services',
  'team_members',
  'testimonials',
  'client_logos',
  'company_stats',
  'blog_posts',
  'case_studies',
  'site_settings',
  // Not a table: the view counter of blog_posts, which pages never show and the public API's
  // blog answers do. A reader counted drops those answers, not the pages.
  'blog_post_views',
  // Read by no page: the email templates, which lead and newsletter emails keep in memory
  // (server/cache/table-memo.ts, migration 0007), and the accounts and their weekly hours, from
  // which a call request knows whether anyone takes calls (migration 0031).
  'email_templates',
  'admin_users',
  'booking_hours',
] as const;
export type ContentTable = (typeof CONTENT_TABLES)[number];

const reads = new AsyncLocalStorage<Set<ContentTable>>();

/** Notes that the answer being made shows rows of these tables (a no-op outside `logReads`). */
export function noteRead(...tables: ContentTable[]): void {
  const log = reads.getStore();
  if (log) for (const table of tables) log.add(table);
}

/** Runs `produce` and returns what it made with the tables it read, however deep the reads were. */
export async function logReads<T>(
  produce: () => Promise<T>,
): Promise<{ value: T; tables: Set<ContentTable> }> {
  const tables = new Set<ContentTable>();
  const value = await reads.run(tables, produce);
  return { value, tables };
}
