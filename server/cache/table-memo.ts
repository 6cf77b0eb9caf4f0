/**
 * Small values read from a table on every request (the settings a lead's email needs, an email
 * template) kept in memory until that table changes. The database announces every change to these
 * tables on the event bus (migrations 0006 and 0007), on every instance, as the response cache
 * uses them (invalidation.ts), and the same protections hold:
 * - nothing is kept while the bus is not listening (a change could not reach the memo), and the
 *   memo starts empty each time it listens again;
 * - a value being read while a change arrives is used once but not kept.
 * A miss reads through the caller's `db`, so a transaction (PGlite's only connection) stays usable.
 */
import type { ContentTable } from '../content/content-reads.ts';
import { CACHE_CHANNEL, type EventBus } from '../realtime/event-bus.ts';

export type TableMemo = {
  /** The value kept under `key`, or `load()`'s, kept until one of `tables` changes. */
  get<T>(key: string, tables: readonly ContentTable[], load: () => Promise<T>): Promise<T>;
  /** Stops following the bus. */
  close(): void;
};

export function createTableMemo(events: EventBus): TableMemo {
  const entries = new Map<string, { tables: readonly ContentTable[]; value: unknown }>();
  let generation = 0;
  let active = false;

  const drop = (changed: unknown) => {
    generation++;
    for (const [key, entry] of entries) {
      if (typeof changed !== 'string' || entry.tables.includes(changed as ContentTable)) entries.delete(key);
    }
  };
  const unsubscribe = events.subscribe((event) => {
    if (event.channel === CACHE_CHANNEL && event.type === 'content.changed') drop(event.data.table);
  });
  const unlisten = events.onListening((listening) => {
    drop(undefined);
    active = listening;
  });

  return {
    async get<T>(key: string, tables: readonly ContentTable[], load: () => Promise<T>): Promise<T> {
      const kept = entries.get(key);
      if (kept) return kept.value as T;
      const since = generation;
      const value = await load();
      if (active && since === generation) entries.set(key, { tables, value });
      return value;
    },
    close() {
      unsubscribe();
      unlisten();
      entries.clear();
    },
  };
}
