/**
 * POST /api/newsletter/subscribe with the retries of docs/product.md §7.2 and §9.4 (2 more attempts, same
 * payload) on a network failure or a 5xx; a 4xx is the server's answer and is not retried. Plain fetch: this
 * runs from the footer of every page.
 *
 * Offline (decision 043): when the browser has no network, before sending or when an attempt fails
 * on the network, the subscription is kept in the outbox and `queued` is answered; the replay
 * (app/features/pwa) sends it when the connection returns.
 *
 * Every sign-up carries the tab's visit (app/lib/audience/visit.ts), read when it is submitted: a
 * sign-up kept offline sends that visit later, and its retries send the same body.
 */

import { NEWSLETTER_SUBSCRIBE_RETRIES } from '#common/constants.ts';
import type { NewsletterSource } from '#common/schemas/newsletter-shared.ts';
import { currentVisit } from '~/lib/audience/visit';
import type { keepForLater } from '~/lib/offline/offline-queue';

export type SubscribePayload = {
  email: string;
  source: NewsletterSource;
  locale: 'fr';
  consentText: string;
  website?: string;
  elapsedMs?: number;
};

export type SubscribeOutcome =
  | { ok: true; requiresConfirmation: boolean; queued?: false }
  /** Kept in the outbox, sent when the connection returns. */
  | { ok: true; requiresConfirmation: false; queued: true }
  | { ok: false; status: number; message?: string; fields?: Record<string, string> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Offline-queue code is only loaded when needed: this runs in every page's footer. */
const browserIsOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export async function postSubscribe(
  payload: SubscribePayload,
  keep?: typeof keepForLater,
): Promise<SubscribeOutcome> {
  const body = JSON.stringify({ ...payload, visit: currentVisit() });
  let last: SubscribeOutcome = { ok: false, status: 0 };
  const keepIt = async (): Promise<SubscribeOutcome> => {
    try {
      const queue = await import('~/lib/offline/offline-queue');
      await (keep ?? queue.keepForLater)({
        url: '/api/newsletter/subscribe',
        body,
        idempotencyKey: queue.randomKey(),
        kind: 'newsletter',
      });
      return { ok: true, requiresConfirmation: false, queued: true };
    } catch {
      return last;
    }
  };
  if (browserIsOffline()) return keepIt();
  for (let attempt = 0; attempt <= NEWSLETTER_SUBSCRIBE_RETRIES; attempt++) {
    if (attempt > 0) await sleep(500 * 2 ** (attempt - 1));
    let response: Response;
    try {
      response = await fetch('/api/newsletter/subscribe', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'same-origin',
        body,
      });
    } catch {
      last = { ok: false, status: 0 };
      if (browserIsOffline()) return keepIt();
      continue;
    }
    if (response.ok) {
      const data = (await response.json().catch(() => ({}))) as { requiresConfirmation?: unknown };
      return { ok: true, requiresConfirmation: data.requiresConfirmation === true };
    }
    const data = (await response.json().catch(() => undefined)) as
      | { error?: { message?: string; fields?: Record<string, string> } }
      | undefined;
    last = { ok: false, status: response.status, message: data?.error?.message, fields: data?.error?.fields };
    if (response.status < 500) return last;
  }
  return last;
}
