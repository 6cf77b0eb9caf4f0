import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api';
import type { ContactRequest } from '../../../common/schemas/leads.ts';
import { newSubmission, settleSubmission } from './use-submit-lead';

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
