/**
 * Calls of the newsletter pages (confirm, manage, unsubscribe) to the API, with the server's
 * French error message and code kept for the page to show.
 */
import { ApiError, apiRequest, serverMessage } from '~/lib/api';

export type ApiOutcome<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; code?: string; message: string };

const FALLBACK = 'Une erreur est survenue. Vérifiez votre connexion et réessayez.';

export async function newsletterPost<T = unknown>(url: string, body?: unknown): Promise<ApiOutcome<T>> {
  try {
    const response = await apiRequest('POST', url, body);
    const type = response.headers.get('Content-Type') ?? '';
    return {
      ok: true,
      data: (type.includes('json') ? await response.json().catch(() => undefined) : undefined) as T,
    };
  } catch (error) {
    if (!(error instanceof ApiError)) return { ok: false, status: 0, message: FALLBACK };
    return {
      ok: false,
      status: error.status,
      code: error.details?.code,
      message: serverMessage(error) || FALLBACK,
    };
  }
}
