import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSetting } from '#common/schemas/settings-admin.ts';
import { stubFetch } from '#tests/helpers/admin-screen.tsx';
import { subscribersQuery } from '../newsletter/data';
import { settingsQuery } from '../settings/data';
import { senderDefaultsQuery, subscriberTagsQuery } from './data';

afterEach(() => vi.unstubAllGlobals());

const setting = (key: string, value: string): AdminSetting => ({
  key,
  value,
  category: 'email',
  description: '',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const settings = [setting('email.sender_name', 'Lisanga Digital'), setting('email.sender_email', 'a@b.cd')];
const page = { items: [], total: 3, page: 1, pageSize: 1, tags: ['vip'] };

/** What a component reading `query` would show from the cache, without fetching. */
const shown = (client: QueryClient, query: object) =>
  new QueryObserver(client, { ...query, enabled: false } as never).getCurrentResult().data;

describe('queries that share a cache entry with another screen', () => {
  it('the sender placeholder and the settings screen read the same settings list', async () => {
    stubFetch({ 'GET /api/admin/settings': { json: { settings } } });
    const afterEditor = new QueryClient();
    await afterEditor.fetchQuery(senderDefaultsQuery);
    expect(shown(afterEditor, settingsQuery)).toEqual(settings);

    const afterSettings = new QueryClient();
    await afterSettings.fetchQuery(settingsQuery);
    expect(shown(afterSettings, senderDefaultsQuery)).toEqual({ name: 'Lisanga Digital', email: 'a@b.cd' });
  });

  it('the campaign editor’s tags and a one-row subscribers page read the same page', async () => {
    stubFetch({ 'GET /api/admin/newsletter': { json: page } });
    const client = new QueryClient();
    await client.fetchQuery(subscriberTagsQuery);
    expect(shown(client, subscribersQuery({ pageSize: 1 }))).toEqual(page);
    expect(shown(client, subscriberTagsQuery)).toEqual(['vip']);
  });
});
