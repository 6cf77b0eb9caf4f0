/** The outbox's storage on IndexedDB (idb-keyval: one database, one store), for page and worker. */
import { createStore, del, set, values } from 'idb-keyval';
import type { OutboxEntry, OutboxStorage } from '~/lib/offline/outbox.ts';
import { OUTBOX_DB, OUTBOX_STORE } from '~/lib/pwa-constants.ts';

let store: ReturnType<typeof createStore> | undefined;
const outboxStore = () => {
  store ??= createStore(OUTBOX_DB, OUTBOX_STORE);
  return store;
};

export const idbOutbox: OutboxStorage = {
  all: () => values<OutboxEntry>(outboxStore()),
  put: (entry) => set(entry.idempotencyKey, entry, outboxStore()),
  remove: (key) => del(key, outboxStore()),
};
