/**
 * What the admin's paged lists share (contacts, subscribers, blog, portfolio, campaigns): the
 * search box's condition, the filters joined, and one page with the total under the same
 * conditions; and the admin's reads of a whole list or of one row, presented.
 */
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '#common/schemas/admin.ts';
import type { Database } from './client.ts';

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

type ListedTable = PgTable & { id: AnyPgColumn; createdAt: AnyPgColumn };

/**
 * One page of `table`'s rows matching `where`: by `sort` first when given (ascending or
 * descending as `query.order` says), then newest first, the id breaking the last ties so that the
 * order stays the same from one page to the next; the rows presented by `present`.
 */
export function pageOfTable<TRow, TItem>(
  db: Database,
  table: ListedTable,
  query: { page: number; pageSize: number; order?: 'asc' | 'desc' },
  where: SQL | undefined,
  sort: AnyPgColumn | SQL | undefined,
  present: (rows: TRow[]) => TItem[] | Promise<TItem[]>,
): Promise<Page<TItem>> {
  const direction = query.order === 'asc' ? asc : desc;
  const order = [...(sort ? [direction(sort)] : []), desc(table.createdAt), asc(table.id)];
  const rows = db
    .select()
    .from(table)
    .where(where)
    .orderBy(...order) as unknown as Parameters<typeof pageOf<TRow, TItem>>[1];
  return pageOf(query, rows, db.select({ n: count() }).from(table).where(where), present);
}

/** Every row of `table` (a list the admin sees whole), in `order`, presented by `present`. */
export async function listPresented<TRow, TItem>(
  db: Database,
  table: PgTable,
  order: SQL[],
  present: (row: TRow) => TItem,
): Promise<TItem[]> {
  const rows = (await db
    .select()
    .from(table)
    .orderBy(...order)) as TRow[];
  return rows.map(present);
}

/** The row of `table` with that id presented by `present`, or undefined when there is none. */
export async function findPresented<TRow, TItem>(
  db: Database,
  table: ListedTable,
  id: string,
  present: (row: TRow) => TItem,
): Promise<TItem | undefined> {
  const [row] = (await db.select().from(table).where(eq(table.id, id))) as TRow[];
  return row ? present(row) : undefined;
}
