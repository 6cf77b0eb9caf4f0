/**
 * Rendering an admin screen in a unit test: a fresh query client (no retries, so an error shows
 * at once) and a router stub at the screen's URL. Responses are given per "METHOD path" to a
 * stubbed fetch, which records every call for the assertions.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createRoutesStub } from 'react-router';
import { vi } from 'vitest';
import { RealtimeProvider } from '#app/features/admin/realtime/realtime-channel.tsx';
import { createQueryClient } from '#app/lib/query-client.ts';

export function renderAdminScreen(Screen: ComponentType, path: string, url = path) {
  const client = createQueryClient();
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false },
    mutations: { ...client.getDefaultOptions().mutations, retry: false },
  });
  const Stub = createRoutesStub([{ path, Component: Screen }]);
  const result = render(
    <QueryClientProvider client={client}>
      <Stub initialEntries={[url]} />
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/**
 * `Screen` under the admin layout's real-time connection, stubbed: `connection.listen` records the
 * channels the screen listens to (a test may replace it before rendering).
 */
export function underRealtime(Screen: ComponentType) {
  const connection = { listen: vi.fn((): (() => void) => () => {}) };
  const Listening = () => (
    <RealtimeProvider value={connection}>
      <Screen />
    </RealtimeProvider>
  );
  return { connection, Listening };
}

export type RecordedCall = { method: string; url: URL; headers: Headers; body: string | undefined };
type Reply = { status?: number; json?: unknown; text?: string };
type Handler = Reply | ((call: RecordedCall) => Reply);

/**
 * Stubs fetch: `routes` maps "GET /api/admin/dashboard" (path without the query string) to a
 * reply; an unknown route answers 404 so a wrong URL fails the test visibly.
 */
export function stubFetch(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: RecordedCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${url.pathname}`];
    const reply = typeof handler === 'function' ? handler(call) : handler;
    if (!reply) return new Response('{"error":{"message":"Introuvable"}}', { status: 404 });
    const status = reply.status ?? 200;
    if (status === 204) return new Response(null, { status });
    const body = reply.text ?? JSON.stringify(reply.json ?? {});
    return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
