/**
 * Calls of the newsletter pages (confirm, manage, unsubscribe) to the API, with the server's
 * French error message and code kept for the page to show.
 */
export type ApiOutcome<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; code?: string; message: string };

const FALLBACK = 'Une erreur est survenue. Vérifiez votre connexion et réessayez.';

export async function newsletterPost<T = unknown>(url: string, body?: unknown): Promise<ApiOutcome<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: FALLBACK };
  }
  const type = response.headers.get('Content-Type') ?? '';
  const data: unknown = type.includes('json') ? await response.json().catch(() => undefined) : undefined;
  if (response.ok) return { ok: true, data: data as T };
  const error = (data as { error?: { code?: string; message?: string } } | undefined)?.error;
  return { ok: false, status: response.status, code: error?.code, message: error?.message || FALLBACK };
}
