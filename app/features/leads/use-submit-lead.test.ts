import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactRequest } from '#common/schemas/leads.ts';
import { dropConnectionDuringRequest } from '#tests/helpers/offline.ts';
import { ApiError } from '~/lib/api';
import { newSubmission, sendLead, settleSubmission } from './use-submit-lead';

const body = (overrides: Partial<ContactRequest> = {}) =>
  ({
    source: 'website',
    fullName: 'Awa Mbuyi',
    email: 'awa@example.cd',
    serviceType: 'Autre',
    message: 'Bonjour, rappelez-moi svp.',
    elapsedMs: 5_000,
    ...overrides,
  }) as ContactRequest;

describe('newSubmission', () => {
  it('gives each new submission its own idempotency key', () => {
    settleSubmission(newSubmission(body()), undefined);
    expect(newSubmission(body()).idempotencyKey).not.toBe(newSubmission(body()).idempotencyKey);
  });

  it('resends the very same submission after a failure the server may have stored (network, 5xx)', () => {
    for (const error of [new TypeError('Failed to fetch'), new ApiError(503, '', 'Service Unavailable')]) {
      const first = newSubmission(body());
      settleSubmission(first, error);
      const again = newSubmission(body({ elapsedMs: 9_000 }));
      expect(again).toBe(first);
      settleSubmission(again, undefined);
    }
  });

  it('starts a new submission when the answers changed, or after a clear refusal or a success', () => {
    const first = newSubmission(body());
    settleSubmission(first, new TypeError('Failed to fetch'));
    expect(newSubmission(body({ message: 'Autre message, plus long.' })).idempotencyKey).not.toBe(
      first.idempotencyKey,
    );

    settleSubmission(first, new ApiError(429, '{}', 'Too Many Requests'));
    expect(newSubmission(body()).idempotencyKey).not.toBe(first.idempotencyKey);

    settleSubmission(first, undefined);
    expect(newSubmission(body()).idempotencyKey).not.toBe(first.idempotencyKey);
  });
});

describe('sendLead without a connection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const submission = () => ({ body: body(), idempotencyKey: '7d1f0c4e-2b7a-4c51-9a0e-3f7f1b9c2d10' });

  it('keeps the submission with its key instead of sending it when the browser is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const keep = vi.fn(async () => undefined);
    const sent = submission();

    expect(await sendLead(sent, keep)).toEqual({ queued: true });
    expect(fetch).not.toHaveBeenCalled();
    expect(keep).toHaveBeenCalledWith({
      url: '/api/contact',
      body: JSON.stringify(sent.body),
      idempotencyKey: sent.idempotencyKey,
      kind: 'lead',
    });
  });

  it('keeps it when the connection drops during the request', async () => {
    dropConnectionDuringRequest();
    const keep = vi.fn(async () => undefined);
    expect(await sendLead(submission(), keep)).toEqual({ queued: true });
    expect(keep).toHaveBeenCalledOnce();
  });

  it('leaves a network failure while online, a server answer or an unavailable storage as errors', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const keep = vi.fn(async () => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(sendLead(submission(), keep)).rejects.toThrow(TypeError);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    await expect(sendLead(submission(), keep)).rejects.toBeInstanceOf(ApiError);
    expect(keep).not.toHaveBeenCalled();

    vi.stubGlobal('navigator', { onLine: false });
    const refused = vi.fn(async () => {
      throw new Error('QuotaExceededError');
    });
    await expect(sendLead(submission(), refused)).rejects.toThrow(TypeError);
  });
});
