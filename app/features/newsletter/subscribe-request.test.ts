import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropConnectionDuringRequest } from '#tests/helpers/offline.ts';
import { postSubscribe, type SubscribePayload } from './subscribe-request';

const payload: SubscribePayload = {
  email: 'awa@example.cd',
  source: 'footer',
  locale: 'fr',
  consentText: 'J’accepte de recevoir la newsletter.',
  elapsedMs: 6_000,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('postSubscribe without a connection', () => {
  it('keeps the subscription for later when the browser is offline, without trying to send it', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const keep = vi.fn(async () => undefined);

    expect(await postSubscribe(payload, keep)).toEqual({
      ok: true,
      requiresConfirmation: false,
      queued: true,
    });
    expect(fetch).not.toHaveBeenCalled();
    expect(keep).toHaveBeenCalledWith(
      expect.objectContaining({
        url: '/api/newsletter/subscribe',
        body: JSON.stringify(payload),
        kind: 'newsletter',
        idempotencyKey: expect.any(String),
      }),
    );
  });

  it('keeps it when the connection drops during the request, and not when the server answers', async () => {
    const connection = dropConnectionDuringRequest();
    const keep = vi.fn(async () => undefined);
    expect(await postSubscribe(payload, keep)).toMatchObject({ ok: true, queued: true });

    connection.onLine = true;
    keep.mockClear();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { message: 'Adresse invalide.' } }), { status: 400 }),
      ),
    );
    expect(await postSubscribe(payload, keep)).toEqual({
      ok: false,
      status: 400,
      message: 'Adresse invalide.',
      fields: undefined,
    });
    expect(keep).not.toHaveBeenCalled();
  });
});
