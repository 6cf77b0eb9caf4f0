/**
 * One row at a time, for any table: whether one exists, and inserting one that must come back.
 */
import { getTableName, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/** Whether `table` has a row meeting `where` (one id read at most). */
export async function hasRow(
  db: Database,
  table: PgTable & { id: AnyPgColumn },
  where: SQL | undefined,
): Promise<boolean> {
  const rows = await db.select({ id: table.id }).from(table).where(where).limit(1);
  return rows.length > 0;
}

/** Inserts one row and returns it as stored (its defaults filled in). */
export async function insertRow<T extends PgTable>(
  db: Database,
  table: T,
  values: PgInsertValue<T>,
): Promise<T['$inferSelect']> {
  const [row] = await db.insert(table).values(values).returning();
  if (!row) throw new Error(`insert into ${getTableName(table)} returned no row`);
  return row;
}
