/**
 * The client's HTTP calls (docs/product.md §7.1): credentials always sent, a JSON content type only when
 * there is a body, and any non-OK answer raised as an error whose message is "status: body" (the status text
 * when the body is empty, docs/product.md §8.1). Below them, the one way a failure reaches people: a message,
 * a toast, or messages under a form's fields.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from './toast';

type ApiErrorDetails = { code?: string; message?: string; fields?: Record<string, string> };

export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's JSON error, when it sent one (`{ error: { code, message, fields } }`). */
  get details(): ApiErrorDetails | undefined {
    try {
      return (JSON.parse(this.body) as { error?: ApiErrorDetails }).error;
    } catch {
      return undefined;
    }
  }
}

/**
 * A call with a JSON body (`body`), or with a raw one passed as `init.body` with its own content
 * type in `init.headers` (the admin's CSV import sends `text/csv`).
 */
export async function apiRequest(method: string, url: string, body?: unknown, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  // The server's CSRF check (server/security/csrf.ts) wants this on every state-changing call.
  if (method !== 'GET' && method !== 'HEAD') headers.set('X-Requested-With', 'fetch');
  const response = await fetch(url, {
    ...init,
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? init.body : JSON.stringify(body),
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return response;
}

/** A GET answered with JSON, for a query function (errors as in apiRequest). */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { credentials: 'include', signal });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return (await response.json()) as T;
}

/** The default query loader: getJson of the query key's segments joined by '/'. */
export function getQueryFn(options: { on401: 'throw' | 'returnNull' } = { on401: 'throw' }) {
  return async ({ queryKey, signal }: { queryKey: readonly unknown[]; signal?: AbortSignal }) => {
    try {
      return await getJson<unknown>(queryKey.join('/'), signal);
    } catch (error) {
      if (options.on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Failed calls, as people read them: every form and screen reports errors through these.
// ---------------------------------------------------------------------------------------------

/** The server's own French message, when it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return (error instanceof ApiError ? error.details?.message : undefined) || undefined;
}

/** The server's field messages (a 400's `fields`: `email`, `details.budget`, `tags.2`...). */
export function serverFieldMessages(error: unknown): Record<string, string> {
  return (error instanceof ApiError ? error.details?.fields : undefined) ?? {};
}

const FALLBACK_MESSAGE = 'Une erreur est survenue. Veuillez réessayer.';

/**
 * What a failed call tells a person: the server's message when it sent one, a connection message
 * when the server could not be reached (fetch's TypeError), else `fallback`.
 */
export function errorMessage(error: unknown, fallback = FALLBACK_MESSAGE): string {
  const message = serverMessage(error);
  if (message) return message;
  if (error instanceof TypeError) return 'Connexion impossible. Vérifiez votre réseau et réessayez.';
  return fallback;
}

/** A destructive toast ('Erreur' unless a title is given) with errorMessage's text. */
export function toastError(error: unknown, options: { title?: string; fallback?: string } = {}) {
  toast({
    title: options.title ?? 'Erreur',
    description: errorMessage(error, options.fallback),
    variant: 'destructive',
  });
}

/** The server's messages for one field and its parts: `tags` gathers `tags`, `tags.2`, `tags[0]`. */
export function fieldMessages(error: unknown, field: string): string[] {
  return Object.entries(serverFieldMessages(error))
    .filter(([key]) => key === field || key.startsWith(`${field}.`) || key.startsWith(`${field}[`))
    .map(([, message]) => message);
}

/**
 * Puts the server's field messages on a form's fields, the first one focused. `toField` maps a
 * server key to the form's field name (undefined: not a field of this form); fields the form does
 * not list are skipped, and `name.*` in the list stands for every `name.something`. True when at
 * least one landed, so the caller knows whether a toast is still needed.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  toField: (key: string) => string | undefined = (key) => key,
): boolean {
  let applied = false;
  for (const [key, message] of Object.entries(serverFieldMessages(error))) {
    const field = toField(key);
    if (field === undefined || !fields.some((f) => listed(f, field)) || typeof message !== 'string') continue;
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

const listed = (entry: string, field: string) =>
  entry.endsWith('.*') ? field.startsWith(entry.slice(0, -1)) : entry === field;

/** A refused save: the server's field messages under the form's fields, anything else as a toast. */
export function reportFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  options: { title?: string; fallback?: string; toField?: (key: string) => string | undefined } = {},
) {
  if (!applyFieldErrors(error, setError, fields, options.toField)) toastError(error, options);
}

/**
 * A refused save of an editor (a post, a template, a campaign, a case study): the server's messages
 * under these fields, and a toast in any case: correct the fields, or what went wrong.
 */
export function reportSaveError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
) {
  const shown = applyFieldErrors(error, setError, fields);
  toast({
    title: 'Enregistrement impossible',
    description: shown ? 'Corrigez les champs signalés.' : errorMessage(error),
    variant: 'destructive',
  });
}
