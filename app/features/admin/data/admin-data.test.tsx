// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '#tests/helpers/admin-screen.tsx';
import { getToastSnapshot } from '~/lib/toast';
import { createAdminListQuery, createAdminMutation, createAdminQuery } from './admin-data';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Item = { id: string; name: string };

function setup() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: 3, retryDelay: 0 } } });
  for (const key of [['/api/items', 'list'], ['/api/items', 'detail', 'a'], ['/api/other']])
    client.setQueryData(key, { cached: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const invalidated = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey);
  return { client, wrapper, invalidated };
}

const renameMutation = createAdminMutation({
  method: 'PATCH',
  url: ({ id }: { id: string; name: string }) => `/api/items/${id}`,
  body: ({ name }) => ({ name }),
  read: (body: { item: Item }) => body.item,
  invalidates: [['/api/items', 'list'], '/api/other'],
  updates: (item) => [['/api/items', 'detail', item.id], item],
  toast: (item, { name }) => ({ title: 'Renommé', description: `${item.id} ${name}` }),
  errorToast: { title: 'Échec', fallback: 'Pas renommé.' },
});

describe('createAdminQuery', () => {
  it('reads the URL and keeps the picked part of the answer', async () => {
    const { calls } = stubFetch({ 'GET /api/items': { json: { items: [{ id: 'a', name: 'A' }] } } });
    const query = createAdminQuery({
      queryKey: ['/api/items', 'list', 'page=2'],
      url: '/api/items?page=2',
      pick: (body: { items: Item[] }) => body.items,
    });
    expect(query.queryKey).toEqual(['/api/items', 'list', 'page=2']);
    await expect(new QueryClient().fetchQuery(query)).resolves.toEqual([{ id: 'a', name: 'A' }]);
    expect(calls.map((call) => `${call.method} ${call.url.pathname}${call.url.search}`)).toEqual([
      'GET /api/items?page=2',
    ]);
  });
});

describe('createAdminListQuery', () => {
  it('keys and requests a page without the parameters left at their default', async () => {
    const { calls } = stubFetch({ 'GET /api/items': { json: { items: [] } } });
    const query = createAdminListQuery('/api/items', { page: 1, q: 'ab', status: '' }, { page: 1 });
    expect(query.queryKey).toEqual(['/api/items', 'list', 'q=ab']);
    await new QueryClient().fetchQuery(query);
    expect(calls[0]?.url.search).toBe('?q=ab');
    expect(createAdminListQuery('/api/items', {}, {}).queryKey).toEqual(['/api/items', 'list', '']);
  });
});

describe('createAdminMutation', () => {
  it('sends the request, writes the answer, refreshes what it declares and says so', async () => {
    const { calls } = stubFetch({ 'PATCH /api/items/a': { json: { item: { id: 'a', name: 'B' } } } });
    const { client, wrapper, invalidated } = setup();
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useMutation(renameMutation({ onSuccess })), { wrapper });
    result.current.mutate({ id: 'a', name: 'B' });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toBe('{"name":"B"}');
    expect(calls[0]?.headers.get('X-Requested-With')).toBe('fetch');
    expect(result.current.data).toEqual({ id: 'a', name: 'B' });
    expect(client.getQueryData(['/api/items', 'detail', 'a'])).toEqual({ id: 'a', name: 'B' });
    expect(invalidated()).toEqual([['/api/items', 'list'], ['/api/other']]);
    expect(getToastSnapshot()).toMatchObject({ title: 'Renommé', description: 'a B' });
    expect(onSuccess).toHaveBeenCalledWith(
      { id: 'a', name: 'B' },
      { id: 'a', name: 'B' },
      undefined,
      expect.anything(),
    );
  });

  it('is not retried, refreshes nothing on failure by default and toasts the error', async () => {
    const { calls } = stubFetch({
      'PATCH /api/items/a': { status: 409, json: { error: { message: 'Déjà pris.' } } },
    });
    const { wrapper, invalidated } = setup();
    const onError = vi.fn();
    const { result } = renderHook(() => useMutation(renameMutation({ onError })), { wrapper });
    result.current.mutate({ id: 'a', name: 'B' });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(calls).toHaveLength(1);
    expect(invalidated()).toEqual([]);
    expect(getToastSnapshot()).toMatchObject({
      title: 'Échec',
      description: 'Déjà pris.',
      variant: 'destructive',
    });
    expect(onError).toHaveBeenCalledOnce();
  });

  it('without `read`, leaves the answer unread and gives back the variables; may refresh on failure', async () => {
    const removeMutation = createAdminMutation({
      method: 'DELETE',
      url: (item: Item) => `/api/items/${item.id}`,
      invalidates: ['/api/items'],
      refreshOn: 'settled',
    });
    stubFetch({ 'DELETE /api/items/a': { status: 500, text: 'not json' } });
    const { wrapper, invalidated } = setup();
    const { result } = renderHook(() => useMutation(removeMutation()), { wrapper });
    result.current.mutate({ id: 'a', name: 'A' });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(invalidated()).toEqual([
      ['/api/items', 'list'],
      ['/api/items', 'detail', 'a'],
    ]);

    stubFetch({ 'DELETE /api/items/a': { status: 204 } });
    result.current.mutate({ id: 'a', name: 'A' });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual({ id: 'a', name: 'A' });
  });

  it('keeps the client’s retries when it asks for them, and runs several calls through `run`', async () => {
    const run = vi.fn(async (name: string) => {
      if (run.mock.calls.length === 1) throw new TypeError('offline');
      return name.toUpperCase();
    });
    const shoutMutation = createAdminMutation({ run, clientRetries: true });
    const { wrapper } = setup();
    const { result } = renderHook(() => useMutation(shoutMutation()), { wrapper });
    result.current.mutate('b');
    // The retry waits for its delay first: on a busy host, more than waitFor's default second.
    await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 10_000 });
    expect(run).toHaveBeenCalledTimes(2);
    expect(result.current.data).toBe('B');
  });
});
