/**
 * What the admin's paged lists share (contacts, subscribers, blog, portfolio, campaigns): the
 * search box's condition, the filters joined, and one page with the total under the same
 * conditions.
 */
import { and, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Page } from '#common/schemas/admin.ts';

/** `%`, `_` and `\` typed in a search box are literal characters, not LIKE wildcards. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The rows where one of these columns (or expressions) contains the text typed, whatever its case. */
export function searchIn(q: string | undefined, columns: (PgColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** The conditions that apply, joined by AND; none: every row. */
export function allOf(...conditions: (SQL | undefined | false | '')[]): SQL | undefined {
  const applying = conditions.filter((condition): condition is SQL => Boolean(condition));
  return applying.length > 0 ? and(...applying) : undefined;
}

/**
 * One page of a list: `rows` (filtered and ordered) cut to the page, then `total` (counted under
 * the same conditions), the rows presented by `present`.
 */
export async function pageOf<TRow, TItem>(
  query: { page: number; pageSize: number },
  rows: { limit: (n: number) => { offset: (n: number) => PromiseLike<TRow[]> } },
  total: PromiseLike<{ n: number }[]>,
  present: (rows: TRow[]) => TItem[] | Promise<TItem[]>,
): Promise<Page<TItem>> {
  const pageRows = await rows.limit(query.pageSize).offset((query.page - 1) * query.pageSize);
  const [counted] = await total;
  return {
    items: await present(pageRows),
    total: counted?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
