/**
 * The outbox of forms sent without a connection (decision 043): each submission is kept with its
 * idempotency key until the server has answered it, then replayed by whoever runs first (the page
 * on `online` or at start, the service worker on Background Sync). The storage is injected, so
 * the same logic runs on IndexedDB in the browser and on a Map in the tests.
 *
 * Framework-free and imported by the service worker too: no React, no `window`.
 */
import { OUTBOX_MAX_AGE } from '~/lib/pwa-constants.ts';

export type OutboxKind = 'lead' | 'newsletter';

export type OutboxEntry = {
  url: string;
  /** The JSON body, exactly as it would have been sent: a replay with the same key must match it. */
  body: string;
  idempotencyKey: string;
  /** Epoch milliseconds. */
  createdAt: number;
  kind: OutboxKind;
};

/** Where entries live, keyed by idempotency key (storing one twice keeps one). */
export type OutboxStorage = {
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(idempotencyKey: string): Promise<void>;
};

export type ReplayRejection = { kind: OutboxKind; status: number; message?: string };

export type ReplayReport = {
  /** Entries the server accepted (2xx): deleted. */
  sent: OutboxKind[];
  /** Entries the server refused (4xx but 429): deleted too, a replay would be refused again. */
  rejected: ReplayRejection[];
  /** Entries older than OUTBOX_MAX_AGE, deleted without being sent. */
  expired: number;
  /** Entries left for later: no connection, a 5xx, or a 429 (the address's daily ceiling,
   *  docs/decisions/083-leads-kept-for-review.md: a later try goes through). */
  pending: number;
};

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** The headers each kind of request needs: the server's CSRF check wants X-Requested-With. */
export function outboxHeaders(entry: OutboxEntry): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'X-Requested-With': 'fetch',
    'Idempotency-Key': entry.idempotencyKey,
  };
}

/**
 * Sends every kept entry once, oldest first. A network failure or a 429 stops the run (the
 * connection is gone again, or the address is over its limit: the rest would fail the same way);
 * a 5xx or a 429 keeps the entry for the next run.
 */
export async function replayOutbox(
  storage: OutboxStorage,
  fetchImpl: Fetch,
  now = Date.now(),
): Promise<ReplayReport> {
  const report: ReplayReport = { sent: [], rejected: [], expired: 0, pending: 0 };
  const entries = (await storage.all()).sort((a, b) => a.createdAt - b.createdAt);
  let stopped = false;
  for (const entry of entries) {
    if (now - entry.createdAt >= OUTBOX_MAX_AGE) {
      await storage.remove(entry.idempotencyKey);
      report.expired++;
      continue;
    }
    if (stopped) {
      report.pending++;
      continue;
    }
    let response: Response;
    try {
      response = await fetchImpl(entry.url, {
        method: 'POST',
        headers: outboxHeaders(entry),
        credentials: 'same-origin',
        body: entry.body,
      });
    } catch {
      stopped = true;
      report.pending++;
      continue;
    }
    if (response.status === 429) {
      stopped = true;
      report.pending++;
    } else if (response.ok) {
      await storage.remove(entry.idempotencyKey);
      report.sent.push(entry.kind);
    } else if (response.status >= 400 && response.status < 500) {
      await storage.remove(entry.idempotencyKey);
      report.rejected.push({
        kind: entry.kind,
        status: response.status,
        message: await responseMessage(response),
      });
    } else {
      report.pending++;
    }
  }
  return report;
}

async function responseMessage(response: Response): Promise<string | undefined> {
  try {
    const data = (await response.json()) as { error?: { message?: unknown } };
    return typeof data.error?.message === 'string' ? data.error.message : undefined;
  } catch {
    return undefined;
  }
}

/** True when a replay changed something the visitor should hear about. */
export const reportIsWorthTelling = (report: ReplayReport) =>
  report.sent.length > 0 || report.rejected.length > 0;

/** One run at a time per context: concurrent triggers (online + start + message) share it. */
export function singleFlight<T>(run: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  return () => {
    current ??= run().finally(() => {
      current = undefined;
    });
    return current;
  };
}
