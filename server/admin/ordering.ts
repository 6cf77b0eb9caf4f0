/**
 * What the ordered content (services within a level, the team) shares: the order after the last
 * item, a move one place up or down, and how a change is logged (a change of visibility alone, or
 * the fields changed).
 */
import { eq, max, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { MoveDirection } from '#common/schemas/admin-content-fields.ts';
import type { Database } from '#db/client.ts';

/** The order after the last item of `table` (of those `where` keeps); 0 for the first. */
export async function nextOrder(tx: Database, table: PgTable, order: PgColumn, where?: SQL): Promise<number> {
  const [row] = await tx
    .select({ last: max(order) })
    .from(table)
    .where(where);
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export type Moved<T> = { moved: T; position: number; count: number };

/**
 * Moves `id` one place up or down among `items` (in the order shown), then numbers them 0, 1, 2...
 * through `setOrder`, which is called only for the items whose order changes. Undefined when `id`
 * is not among them; null when it is already at that end (nothing changes).
 */
export async function moveInOrder<T extends { id: string; order: number }>(
  items: T[],
  id: string,
  direction: MoveDirection,
  setOrder: (id: string, order: number) => Promise<unknown>,
): Promise<Moved<T> | null | undefined> {
  const from = items.findIndex((item) => item.id === id);
  if (from < 0) return undefined;
  const to = direction === 'up' ? from - 1 : from + 1;
  if (to < 0 || to >= items.length) return null;
  const reordered = [...items];
  const [moved] = reordered.splice(from, 1);
  if (!moved) return undefined;
  reordered.splice(to, 0, moved);
  for (const [index, item] of reordered.entries()) {
    if (item.order !== index) await setOrder(item.id, index);
  }
  return { moved, position: to + 1, count: reordered.length };
}

/**
 * Moves `id` one place in a whole table's order (the team, the testimonials), under the advisory
 * lock `lockKey` so that two moves at once never interleave; see moveInOrder for the answer.
 */
export async function moveInTable<Row extends { id: string; order: number }>(
  tx: Database,
  list: {
    table: PgTable & { id: PgColumn; order: PgColumn };
    orderBy: SQL[];
    lockKey: number;
  },
  id: string,
  direction: MoveDirection,
): Promise<Moved<Row> | null | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(${list.lockKey})`);
  const rows = (await tx
    .select()
    .from(list.table)
    .orderBy(...list.orderBy)) as Row[];
  return moveInOrder(rows, id, direction, (rowId, order) =>
    tx.update(list.table).set({ order }).where(eq(list.table.id, rowId)),
  );
}

/**
 * The fields of `labels` that `patch` sets to another value than `current`'s (a list is compared
 * item by item), and those changes as the row's update.
 */
export function changesOf<P extends object>(
  labels: Record<keyof P, string>,
  patch: P,
  current: { [K in keyof P]?: unknown },
): { changed: (keyof P)[]; changes: Partial<P> } {
  const same = (a: unknown, b: unknown) =>
    Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v, i) => v === b[i]) : a === b;
  const changed = (Object.keys(labels) as (keyof P)[]).filter(
    (key) => patch[key] !== undefined && !same(patch[key], current[key]),
  );
  const changes: Partial<P> = {};
  for (const key of changed) changes[key] = patch[key];
  return { changed, changes };
}

/** "haut" or "bas", for the activity log of a move. */
export const directionWord = (direction: MoveDirection) => (direction === 'up' ? 'haut' : 'bas');

/** Whether a change touched the visibility alone (logged as shown or hidden rather than changed). */
export const visibilityOnly = (changed: readonly string[]) =>
  changed.length === 1 && changed[0] === 'isActive';

/** The activity log's description of the fields a change touched, in French. */
export function changedFields<K extends string>(changed: readonly K[], labels: Record<K, string>): string {
  // Two fields may share a label (a photo's focal point, across and down): said once.
  return `Champs modifiés : ${[...new Set(changed.map((key) => labels[key]))].join(', ')}`;
}
