/**
 * One back-office service for the content kept in one whole-table order (the team, the
 * testimonials, the client logos): the list in the public order, creation, changes, moves and
 * deletion, each with its activity row in its transaction. What differs is given: the table and
 * its order, the presenter, the field labels, the uploads a row holds (the caller releases those a
 * change replaced or removed, and a deleted row's, once the transaction has committed:
 * server/media/release.ts) and the French wording of the activity log.
 */
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { MoveDirection } from '#common/schemas/admin-content-fields.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { listPresented } from '#db/list-queries.ts';
import { insertRow } from '#db/rows.ts';
import { logActivity } from '../activity/log.ts';
import {
  changedFields,
  changesOf,
  directionWord,
  moveInTable,
  nextOrder,
  visibilityOnly,
} from './ordering.ts';

type Said = { title: string; description?: string };

export type OrderedItemsSpec<Row, Input, Patch extends object, Item> = {
  table: PgTable & { id: PgColumn; order: PgColumn };
  /** The public site's order (server/content/public-content.ts), the id breaking ties. */
  orderBy: SQL[];
  /** pg_advisory_xact_lock key of moves in this order (see server/admin/services.ts). */
  lockKey: number;
  present: (row: Row) => Item;
  /** The columns of a new row, but its order and visibility. */
  values: (input: Input) => Record<string, unknown>;
  labels: Record<keyof Patch, string>;
  /** The fields holding an upload's URL. */
  uploads: readonly (keyof Patch & keyof Row)[];
  /** Whether a demo row becomes the agency's when staff edit more than its order or visibility. */
  demoUntilEdited?: boolean;
  /** Throws a field error when something the input links to does not exist. */
  checkLinks?: (tx: Database, input: Partial<Patch>) => Promise<void>;
  /** The activity log: its type prefix (`<prefix>.created` …) and its French sentences. */
  activity: {
    prefix: string;
    created: (row: Row) => Said;
    shownOrHidden: (row: Row) => string;
    updated: (row: Row, current: Row, changedLabels: string) => Said;
    moved: (row: Row, direction: string) => string;
    deleted: (row: Row) => Said;
  };
};

type OrderedRow = { id: string; order: number; isActive: boolean };

export type OrderedItems<Input, Patch, Item> = {
  list: (db: Database) => Promise<Item[]>;
  create: (db: Database, input: Input, adminId: string) => Promise<Item>;
  /** Undefined when unknown; otherwise the item and the upload URLs the change replaced or removed. */
  update: (
    db: Database,
    id: string,
    patch: Patch,
    adminId: string,
  ) => Promise<{ item: Item; released: string[] } | undefined>;
  /** False when unknown; at either end nothing changes and nothing is logged. */
  move: (db: Database, id: string, direction: MoveDirection, adminId: string) => Promise<boolean>;
  /** Undefined when unknown; otherwise the deleted item and its upload URLs. */
  remove: (
    db: Database,
    id: string,
    adminId: string,
  ) => Promise<{ item: Item; released: string[] } | undefined>;
};

/**
 * An item as the back-office reads it (a spec's `present`): the row's `fields` as they are, in
 * that order, then its creation and change dates as ISO strings.
 */
export function presentFields<Row extends { createdAt: Date; updatedAt: Date }, K extends keyof Row>(
  row: Row,
  fields: readonly K[],
): Pick<Row, K> & { createdAt: string; updatedAt: string } {
  const item = {} as Pick<Row, K>;
  for (const field of fields) item[field] = row[field];
  return { ...item, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export function orderedItems<
  Row extends OrderedRow,
  Input extends Partial<Patch> & { order?: number; isActive?: boolean },
  Patch extends object,
  Item,
>(spec: OrderedItemsSpec<Row, Input, Patch, Item>): OrderedItems<Input, Patch, Item> {
  const { table, present, labels, activity } = spec;
  const uploadsOf = (row: Row, keys: readonly (keyof Row)[]) =>
    keys.flatMap((key) => (row[key] as string | null | undefined) ?? []);
  const log = (tx: Database, action: string, said: Said | string, userId: string) =>
    logActivity(tx, {
      type: `${activity.prefix}.${action}`,
      ...(typeof said === 'string' ? { title: said } : said),
      userId,
    });

  return {
    list: (db) => listPresented(db, table, spec.orderBy, present),

    create: (db, input, adminId) =>
      inTransaction(db, async (tx) => {
        await spec.checkLinks?.(tx, input);
        const row = (await insertRow(tx, table, {
          ...spec.values(input),
          order: input.order ?? (await nextOrder(tx, table, table.order)),
          isActive: input.isActive ?? true,
        } as never)) as Row;
        await log(tx, 'created', activity.created(row), adminId);
        return present(row);
      }),

    update: (db, id, patch, adminId) =>
      inTransaction(db, async (tx) => {
        const [current] = (await tx.select().from(table).where(eq(table.id, id)).for('update')) as Row[];
        if (!current) return undefined;
        await spec.checkLinks?.(tx, patch);
        const { changed, changes } = changesOf(labels, patch, current);
        const changedKeys = changed as string[];
        if (changed.length === 0) return { item: present(current), released: [] };
        // Showing, hiding or moving a demo row keeps it a demo; editing its content makes it the agency's.
        const ownedNow =
          spec.demoUntilEdited && !visibilityOnly(changedKeys) && !changed.every((key) => key === 'order');
        const [row] = (await tx
          .update(table)
          .set((ownedNow ? { ...changes, isDemo: false } : changes) as never)
          .where(eq(table.id, id))
          .returning()) as Row[];
        if (!row) throw new Error(`${activity.prefix} vanished during update`);
        if (visibilityOnly(changedKeys)) {
          await log(tx, row.isActive ? 'activated' : 'deactivated', activity.shownOrHidden(row), adminId);
        } else {
          await log(
            tx,
            'updated',
            activity.updated(row, current, changedFields(changedKeys, labels as Record<string, string>)),
            adminId,
          );
        }
        const released = uploadsOf(
          current,
          spec.uploads.filter((key) => changed.includes(key)),
        );
        return { item: present(row), released };
      }),

    move: (db, id, direction, adminId) =>
      inTransaction(db, async (tx) => {
        const order = { table, orderBy: spec.orderBy, lockKey: spec.lockKey };
        const move = await moveInTable<Row>(tx, order, id, direction);
        if (move === undefined) return false;
        if (move === null) return true;
        const title = activity.moved(move.moved, directionWord(direction));
        await log(
          tx,
          'reordered',
          { title, description: `Position ${move.position} sur ${move.count}` },
          adminId,
        );
        return true;
      }),

    remove: (db, id, adminId) =>
      inTransaction(db, async (tx) => {
        const [row] = (await tx.delete(table).where(eq(table.id, id)).returning()) as Row[];
        if (!row) return undefined;
        await log(tx, 'deleted', activity.deleted(row), adminId);
        return { item: present(row), released: uploadsOf(row, spec.uploads) };
      }),
  };
}
