/**
 * POST /api/newsletter/subscribe with the retries of spec §7/§9 (2 more attempts, same payload)
 * on a network failure or a 5xx; a 4xx is the server's answer and is not retried. Plain fetch:
 * this runs from the footer of every page.
 */
import { NEWSLETTER_SUBSCRIBE_RETRIES } from '../../../common/constants.ts';
import type { NewsletterSource } from '../../../common/schemas/newsletter-shared.ts';

export type SubscribePayload = {
  email: string;
  source: NewsletterSource;
  locale: 'fr';
  consentText: string;
  website?: string;
  elapsedMs?: number;
};

export type SubscribeOutcome =
  | { ok: true; requiresConfirmation: boolean }
  | { ok: false; status: number; message?: string; fields?: Record<string, string> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function postSubscribe(payload: SubscribePayload): Promise<SubscribeOutcome> {
  const body = JSON.stringify(payload);
  let last: SubscribeOutcome = { ok: false, status: 0 };
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
