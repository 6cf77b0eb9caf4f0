// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushSettings } from '#common/schemas/push.ts';
import { renderAdminScreen, stubFetch } from '#tests/helpers/admin-screen.tsx';
import { getToastSnapshot } from '~/lib/toast';
import { deviceLabel, PUSH_SERVICE_SILENT_MESSAGE, PUSH_SUBSCRIBE_TIMEOUT_MS, PushPanel } from './push-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const PHONE = {
  id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  label: 'Chrome sur Android',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastSuccessAt: '2026-11-27T14:30:00.000Z',
  endpoint: 'https://fcm.googleapis.com/fcm/send/phone',
};

/** A browser able to receive push messages, its subscription made by `subscribe`. */
function pushCapableBrowser(existing: string | null) {
  const subscribe = vi.fn(async (options: { applicationServerKey: Uint8Array }) => ({
    endpoint: 'https://fcm.googleapis.com/fcm/send/this-laptop',
    options,
    toJSON: () => ({ keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }),
  }));
  const pushManager = {
    subscribe,
    getSubscription: async () => (existing ? { endpoint: existing, unsubscribe: async () => true } : null),
  };
  const registration = { pushManager };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn(async () => 'granted') });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => registration,
      register: async () => registration,
      ready: Promise.resolve(registration),
    },
  });
  return { subscribe };
}

describe('the notifications tab', () => {
  it('lists one’s devices, and turns this browser on with the site’s key', async () => {
    const { subscribe } = pushCapableBrowser(null);
    const settings: PushSettings = { publicKey: PUBLIC_KEY, devices: [PHONE] };
    const { calls } = stubFetch({
      'GET /api/admin/push': { json: settings },
      'POST /api/admin/push/devices': { status: 201, json: { device: { ...PHONE, id: 'x', endpoint: 'e' } } },
      'POST /api/admin/push/devices/7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/test': { status: 202, json: {} },
    });
    renderAdminScreen(PushPanel, '/admin/settings');

    const devices = await screen.findByRole('list', { name: 'Mes appareils' });
    expect(within(devices).getByText('Chrome sur Android')).toBeTruthy();
    expect(within(devices).getByText(/Dernière notification le 27 novembre 2026 à 15:30/)).toBeTruthy();

    fireEvent.click(within(devices).getByRole('button', { name: 'Envoyer une notification de test' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/test'))).toBe(true));

    fireEvent.click(await screen.findByRole('button', { name: 'Activer sur cet appareil' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/push/devices')).toBe(
        true,
      ),
    );
    const key = subscribe.mock.calls[0]?.[0].applicationServerKey;
    expect(key?.length).toBe(65);
    const sent = JSON.parse(calls.find((c) => c.url.pathname === '/api/admin/push/devices')?.body ?? '{}');
    expect(sent).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/this-laptop',
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
      label: deviceLabel(navigator.userAgent),
    });
  });

  it('says so within 10 s when the browser’s push service does not answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { subscribe } = pushCapableBrowser(null);
      // A push service that never answers (a network that blocks it).
      subscribe.mockImplementation(() => new Promise(() => {}));
      const { calls } = stubFetch({
        'GET /api/admin/push': { json: { publicKey: PUBLIC_KEY, devices: [] } },
      });
      renderAdminScreen(PushPanel, '/admin/settings');
      const button = await screen.findByRole('button', { name: 'Activer sur cet appareil' });
      fireEvent.click(button);
      await waitFor(() => expect(subscribe).toHaveBeenCalled());
      await vi.advanceTimersByTimeAsync(PUSH_SUBSCRIBE_TIMEOUT_MS - 100);
      expect(getToastSnapshot()?.title).not.toBe('Activation impossible');
      await vi.advanceTimersByTimeAsync(200);
      await waitFor(() =>
        expect(getToastSnapshot()).toMatchObject({
          title: 'Activation impossible',
          description: PUSH_SERVICE_SILENT_MESSAGE,
        }),
      );
      expect(PUSH_SUBSCRIBE_TIMEOUT_MS).toBe(10_000);
      // Nothing reached the server, and the button can be pressed again.
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
      await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when this browser already receives them, or cannot', async () => {
    pushCapableBrowser(PHONE.endpoint);
    stubFetch({ 'GET /api/admin/push': { json: { publicKey: PUBLIC_KEY, devices: [PHONE] } } });
    renderAdminScreen(PushPanel, '/admin/settings');
    expect(await screen.findByText('Cet appareil reçoit les notifications.')).toBeTruthy();
    expect(await screen.findByText('(cet appareil)')).toBeTruthy();
    cleanup();

    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(window, 'PushManager');
    stubFetch({ 'GET /api/admin/push': { json: { publicKey: PUBLIC_KEY, devices: [] } } });
    renderAdminScreen(PushPanel, '/admin/settings');
    expect(await screen.findByText(/Ce navigateur ne peut pas recevoir de notifications/)).toBeTruthy();
    expect(await screen.findByText('Aucun appareil ne reçoit vos notifications.')).toBeTruthy();
  });

  it('names a device by its browser and system', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome sur Android');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari sur iPhone');
    expect(
      deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toBe('Firefox sur Windows');
  });
});
