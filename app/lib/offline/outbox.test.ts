import { describe, expect, it, vi } from 'vitest';
import { OUTBOX_MAX_AGE } from '~/lib/pwa-constants.ts';
import { type OutboxEntry, type OutboxStorage, replayOutbox, singleFlight } from './outbox.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');

/** The outbox on a Map, as IndexedDB keeps it: one entry per idempotency key. */
function memoryOutbox(entries: OutboxEntry[] = []) {
  const map = new Map(entries.map((entry) => [entry.idempotencyKey, entry]));
  const storage: OutboxStorage = {
    all: async () => [...map.values()],
    put: async (entry) => {
      map.set(entry.idempotencyKey, entry);
    },
    remove: async (key) => {
      map.delete(key);
    },
  };
  return { storage, map };
}

const lead = (key: string, overrides: Partial<OutboxEntry> = {}): OutboxEntry => ({
  url: '/api/contact',
  body: JSON.stringify({ fullName: 'Awa Mbuyi', key }),
  idempotencyKey: key,
  createdAt: NOW - 60_000,
  kind: 'lead',
  ...overrides,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the outbox', () => {
  it('keeps one entry per idempotency key, however many times it is stored', async () => {
    const { storage, map } = memoryOutbox();
    await storage.put(lead('key-aaaaaaaa'));
    await storage.put(lead('key-aaaaaaaa'));
    expect(map.size).toBe(1);
  });

  it('replays each entry oldest first with its body and key, then deletes it', async () => {
    const { storage, map } = memoryOutbox([
      lead('key-second', { createdAt: NOW - 1_000 }),
      lead('key-first', { createdAt: NOW - 5_000, kind: 'newsletter', url: '/api/newsletter/subscribe' }),
    ]);
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => json(201, { id: 'x' }));
    const report = await replayOutbox(storage, fetch, NOW);

    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/newsletter/subscribe', '/api/contact']);
    const [, init] = fetch.mock.calls[1] ?? [];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(lead('key-second').body);
    expect(init?.headers).toMatchObject({
      'Idempotency-Key': 'key-second',
      'Content-Type': 'application/json',
      'X-Requested-With': 'fetch',
    });
    expect(report).toEqual({ sent: ['newsletter', 'lead'], rejected: [], expired: 0, pending: 0 });
    expect(map.size).toBe(0);
  });

  it('drops an entry the server refuses (4xx) and reports its message', async () => {
    const { storage, map } = memoryOutbox([lead('key-refused')]);
    const report = await replayOutbox(
      storage,
      async () => json(422, { error: { message: 'Cette clé a déjà servi pour une autre demande.' } }),
      NOW,
    );
    expect(report.rejected).toEqual([
      { kind: 'lead', status: 422, message: 'Cette clé a déjà servi pour une autre demande.' },
    ]);
    expect(map.size).toBe(0);
  });

  it('keeps entries for later on a network failure or a server error', async () => {
    const { storage, map } = memoryOutbox([lead('key-one', { createdAt: NOW - 2_000 }), lead('key-two')]);
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await replayOutbox(storage, offline, NOW)).toMatchObject({ sent: [], pending: 2 });
    // The connection is gone: the run stops at the first failure instead of trying each entry.
    expect(offline).toHaveBeenCalledTimes(1);

    expect(await replayOutbox(storage, async () => json(503, {}), NOW)).toMatchObject({ pending: 2 });
    expect(map.size).toBe(2);
  });

  it('keeps entries for later when the address is over its daily ceiling (429): a later try goes through', async () => {
    const { storage, map } = memoryOutbox([lead('key-one', { createdAt: NOW - 2_000 }), lead('key-two')]);
    const limited = vi.fn(async () =>
      json(429, {
        error: {
          message: 'Trop de demandes envoyées depuis votre connexion. Veuillez réessayer dans 5 heures.',
        },
      }),
    );
    expect(await replayOutbox(storage, limited, NOW)).toMatchObject({ sent: [], rejected: [], pending: 2 });
    // The same address would be refused the same: the run stops at the first refusal.
    expect(limited).toHaveBeenCalledTimes(1);
    expect(map.size).toBe(2);
    expect(await replayOutbox(storage, async () => json(201, { id: 'x' }), NOW)).toMatchObject({
      sent: ['lead', 'lead'],
    });
  });

  it('purges entries after 7 days without sending them', async () => {
    const { storage, map } = memoryOutbox([
      lead('key-old', { createdAt: NOW - OUTBOX_MAX_AGE }),
      lead('key-recent', { createdAt: NOW - OUTBOX_MAX_AGE + 60_000 }),
    ]);
    const fetch = vi.fn(async () => json(201, { id: 'x' }));
    const report = await replayOutbox(storage, fetch, NOW);
    expect(report).toMatchObject({ expired: 1, sent: ['lead'] });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(map.size).toBe(0);
  });

  it('runs one replay at a time: triggers during a run share it (no double send)', async () => {
    const { storage } = memoryOutbox([lead('key-once')]);
    let release: () => void = () => undefined;
    const fetch = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(201, { id: 'x' }));
        }),
    );
    const replay = singleFlight(() => replayOutbox(storage, fetch, NOW));
    const first = replay();
    const second = replay();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    release();
    expect(await first).toBe(await second);
    expect(fetch).toHaveBeenCalledTimes(1);
    // A later trigger is a new run, which finds nothing left.
    expect((await replay()).sent).toEqual([]);
  });
});
