/**
 * What the forms call when a submission cannot leave (decision 043): the request is kept in the
 * outbox (IndexedDB, loaded only now) with its idempotency key, and Background Sync is asked to
 * send it when the connection returns, where the browser supports it. Replays: pwa-runtime.ts
 * and app/sw.ts.
 */

import type { OutboxKind } from '~/lib/offline/outbox.ts';
import { OUTBOX_SYNC_TAG } from '~/lib/pwa-constants.ts';
import { toast } from '~/lib/toast';

/**
 * The browser says it has no network. A failed fetch while it says it is online (a server or proxy
 * problem) stays an error the visitor sees and can retry: keeping it would hide a broken site.
 */
export const browserIsOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Keeps one submission for later. Rejects when the browser cannot store it (the caller shows its error). */
export async function keepForLater(entry: {
  url: string;
  body: string;
  idempotencyKey: string;
  kind: OutboxKind;
}): Promise<void> {
  const { idbOutbox } = await import('~/lib/offline/outbox-idb.ts');
  await idbOutbox.put({ ...entry, createdAt: Date.now() });
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync: the page sends it on `online` or at the next visit.
  }
}

/** A key for a request that has none of its own (the newsletter's): random, URL-safe. */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/** The toast that tells the visitor the submission is kept and will leave by itself. */
export function toastKeptOffline(kind: OutboxKind) {
  toast({
    title: kind === 'lead' ? 'Hors ligne : demande enregistrée' : 'Hors ligne : inscription enregistrée',
    description: 'Elle sera envoyée automatiquement dès le retour de la connexion.',
    duration: 8_000,
  });
}
