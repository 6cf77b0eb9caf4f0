/**
 * The client's HTTP calls (spec §7): credentials always sent, a JSON content type only when there
 * is a body, and any non-OK answer raised as an error whose message is "status: body" (the status
 * text when the body is empty, spec §8).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's JSON error, when it sent one (`{ error: { message, fields } }`). */
  get details(): { message?: string; fields?: Record<string, string> } | undefined {
    try {
      return (JSON.parse(this.body) as { error?: { message?: string; fields?: Record<string, string> } })
        .error;
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

/** The default query loader: the URL is the query key's segments joined by '/'. */
export function getQueryFn(options: { on401: 'throw' | 'returnNull' } = { on401: 'throw' }) {
  return async ({ queryKey, signal }: { queryKey: readonly unknown[]; signal?: AbortSignal }) => {
    const url = queryKey.join('/');
    const response = await fetch(url, { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && response.status === 401) return null;
    if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
    return response.json();
  };
}
