/**
 * Sends a lead to POST /api/contact (docs/product.md §7.2), for the quote modal, the call modal and the
 * contact page alike: one idempotency key per submission (reused by the automatic retry, so a retried request
 * the server already stored is not stored twice), one retry on network errors and 5xx only (a 4xx would be
 * refused again), cached contact data invalidated on success, and the server's field errors put back on the
 * form's fields.
 *
 * Offline (decision 043): when the browser has no network, before sending or when the request fails
 * on the network, the submission is kept in the outbox with its key
 * (app/lib/offline/offline-queue.ts) and counts as a success for the form, which resets and closes
 * as usual: the visitor is told by a toast that it is kept and will leave by itself, and the replay
 * sends the same key, so the server stores the lead once. A network failure while the browser says
 * it is online stays an error.
 */
import { type MutateOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { MUTATION_RETRIES } from '#common/constants.ts';
import type { ContactRequest, ContactRequestAccepted } from '#common/schemas/leads.ts';
import { ApiError, apiRequest, serverMessage } from '~/lib/api';
import { browserIsOffline, keepForLater, toastKeptOffline } from '~/lib/offline/offline-queue';
import { toast } from '~/lib/toast';

export const SUBMIT_ERROR_FALLBACK = 'Une erreur est survenue lors de l’envoi de votre demande.';

/** One submission: the body, and the key the server deduplicates retries with. */
export type LeadSubmission = { body: ContactRequest; idempotencyKey: string };

/** A v4 UUID; crypto.randomUUID only exists on secure pages (a phone testing over plain http has none). */
function uuidV4(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The answers of a submission, without the fill time that changes at every click, nor the visit. */
const fingerprint = ({ elapsedMs: _elapsed, visit: _visit, ...answers }: ContactRequest) =>
  JSON.stringify(answers);

/**
 * The last submission that failed without a clear answer (network error, 5xx): the server may
 * have stored it. Sending the same answers again must reuse it, body and key, so the server
 * recognises the retry instead of storing the lead twice.
 */
let lastUncertain: { fingerprint: string; submission: LeadSubmission } | undefined;

/** Called once per click on submit: the automatic retry reuses these variables, hence the key. */
export function newSubmission(body: ContactRequest): LeadSubmission {
  const print = fingerprint(body);
  if (lastUncertain?.fingerprint === print) return lastUncertain.submission;
  return { body, idempotencyKey: uuidV4() };
}

/** Records how a submission ended, for `newSubmission`. */
export function settleSubmission(submission: LeadSubmission, error: unknown) {
  lastUncertain =
    error && isRetryable(error) ? { fingerprint: fingerprint(submission.body), submission } : undefined;
}

/** Network failures (no answer) and server errors may succeed on a second try; 4xx will not. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

const CONTACT_KEY_PREFIXES = ['/api/contact', '/api/admin/contacts'];

/** The server's answer, or the mark of a submission kept offline for later. */
export type LeadSubmitResult = ContactRequestAccepted | { queued: true };

export const wasKeptOffline = (result: LeadSubmitResult): result is { queued: true } => 'queued' in result;

/** POST /api/contact, or the outbox when the browser has no network. */
export async function sendLead(
  { body, idempotencyKey }: LeadSubmission,
  keep: typeof keepForLater = keepForLater,
): Promise<LeadSubmitResult> {
  const keepIt = async (cause?: unknown): Promise<LeadSubmitResult> => {
    try {
      await keep({ url: '/api/contact', body: JSON.stringify(body), idempotencyKey, kind: 'lead' });
    } catch {
      // The browser cannot store it either (storage disabled): the form shows the failure.
      throw cause ?? new TypeError('Failed to fetch');
    }
    return { queued: true };
  };
  if (browserIsOffline()) return keepIt();
  try {
    const response = await apiRequest('POST', '/api/contact', body, {
      headers: { 'Idempotency-Key': idempotencyKey },
    });
    return (await response.json()) as ContactRequestAccepted;
  } catch (error) {
    if (!(error instanceof ApiError) && browserIsOffline()) return keepIt(error);
    throw error;
  }
}

export function useSubmitLead() {
  const queryClient = useQueryClient();
  const mutation = useMutation<LeadSubmitResult, Error, LeadSubmission>({
    mutationFn: (submission) => sendLead(submission),
    // Not paused while offline (TanStack's default): offline, the submission goes to the outbox.
    networkMode: 'always',
    retry: (failureCount, error) => failureCount < MUTATION_RETRIES && isRetryable(error),
    onSettled: (_data, error, submission) => settleSubmission(submission, error),
    onSuccess: () =>
      // "On success invalidates cached contact data" (docs/product.md §7.2): the admin lists, when loaded.
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) => {
          const head = queryKey[0];
          return typeof head === 'string' && CONTACT_KEY_PREFIXES.some((prefix) => head.startsWith(prefix));
        },
      }),
  });
  const { mutate: mutateNow } = mutation;
  // A kept submission resets and closes the form like a success (the caller's onSuccess), then
  // the offline toast replaces the caller's success toast (one toast at a time, docs/product.md §9.7).
  const mutate = useCallback(
    (submission: LeadSubmission, options?: MutateOptions<LeadSubmitResult, Error, LeadSubmission>) =>
      mutateNow(submission, {
        ...options,
        onSuccess: (...args) => {
          options?.onSuccess?.(...args);
          if (wasKeptOffline(args[0])) toastKeptOffline('lead');
        },
      }),
    [mutateNow],
  );
  return { ...mutation, mutate };
}

/**
 * The destructive toast of docs/product.md §8.2 for a refused or failed submission: the server's message or
 * the fallback.
 */
export function toastSubmitError(error: unknown) {
  toast({
    title: 'Erreur',
    description: serverMessage(error) || SUBMIT_ERROR_FALLBACK,
    variant: 'destructive',
  });
}

/**
 * Where a server field message lands on a lead form (for applyFieldErrors): `details.budget`
 * becomes `budget`, and `rename` maps body names to form names (the call form's `serviceType` is
 * its `serviceInterest`).
 */
export function leadField(rename: Partial<Record<string, string>> = {}) {
  return (key: string) => {
    const bodyName = key.startsWith('details.') ? key.slice('details.'.length) : key;
    return rename[bodyName] ?? bodyName;
  };
}
