// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushDevice, PushSettings } from '#common/schemas/push.ts';
import { renderAdminScreen, stubFetch } from '#tests/helpers/admin-screen.tsx';
import { PushPanel } from './push-panel';
import { deviceLabel, PUSH_SERVICE_SILENT_MESSAGE, PUSH_SUBSCRIBE_TIMEOUT_MS } from './this-browser';

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
  events: ['lead', 'call', 'subscriber', 'campaign', 'backup'],
} satisfies PushDevice;

/**
 * A browser able to receive push messages, its subscription made by `subscribe`; its service
 * worker ready at once, or when `ready` says.
 */
function pushCapableBrowser(existing: string | null, ready?: Promise<unknown>) {
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
      ready: ready ?? Promise.resolve(registration),
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

  /** Presses "Activer", lets `silentFor` pass, and returns what the admin reads then. */
  async function activateAndWait(silentFor: number) {
    const { calls } = stubFetch({ 'GET /api/admin/push': { json: { publicKey: PUBLIC_KEY, devices: [] } } });
    renderAdminScreen(PushPanel, '/admin/settings');
    const button = await screen.findByRole('button', { name: 'Activer sur cet appareil' });
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Activation…' })).toBeTruthy());
    await vi.advanceTimersByTimeAsync(silentFor);
    return { calls, alert: screen.queryByRole('alert')?.textContent ?? null };
  }

  for (const [what, silent] of [
    ['the browser’s push service', 'push service'],
    ['the site’s service worker', 'service worker'],
  ] as const)
    it(`says so in French within 10 s when ${what} does not answer, and can be tried again`, async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        const never = new Promise<never>(() => {});
        const { subscribe } = pushCapableBrowser(null, silent === 'service worker' ? never : undefined);
        // A push service that never answers (a network that blocks it).
        if (silent === 'push service') subscribe.mockImplementation(() => never);
        expect(PUSH_SUBSCRIBE_TIMEOUT_MS).toBe(10_000);
        const { calls, ...early } = await activateAndWait(PUSH_SUBSCRIBE_TIMEOUT_MS - 500);
        expect(early.alert).toBeNull();
        await vi.advanceTimersByTimeAsync(600);
        await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PUSH_SERVICE_SILENT_MESSAGE));
        expect(PUSH_SERVICE_SILENT_MESSAGE).toMatch(/ne répond pas/);
        expect(subscribe).toHaveBeenCalledTimes(silent === 'push service' ? 1 : 0);
        // Nothing reached the server, and the button can be pressed again.
        expect(calls.some((c) => c.method === 'POST')).toBe(false);
        const again = screen.getByRole('button', { name: 'Activer sur cet appareil' }) as HTMLButtonElement;
        expect(again.disabled).toBe(false);
      } finally {
        vi.useRealTimers();
      }
    });

  it('lets each device choose the events it announces, and never none', async () => {
    pushCapableBrowser(null);
    const laptop = { ...PHONE, id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', label: 'Firefox sur Windows' };
    const { calls } = stubFetch({
      'GET /api/admin/push': { json: { publicKey: PUBLIC_KEY, devices: [PHONE, laptop] } },
      [`PATCH /api/admin/push/devices/${PHONE.id}`]: {
        json: { device: { ...PHONE, events: ['lead', 'call', 'subscriber', 'backup'] } },
      },
      [`PATCH /api/admin/push/devices/${laptop.id}`]: { json: { device: { ...laptop, events: ['lead'] } } },
    });
    renderAdminScreen(PushPanel, '/admin/settings');
    const phone = await screen.findByRole('group', {
      name: 'Notifications reçues sur «\u00a0Chrome sur Android\u00a0»',
    });
    const box = (group: HTMLElement, name: string) =>
      within(group).getByRole('checkbox', { name }) as HTMLInputElement;
    // Every event by default.
    for (const checkbox of within(phone).getAllByRole('checkbox'))
      expect((checkbox as HTMLInputElement).checked).toBe(true);

    fireEvent.click(box(phone, 'Campagne envoyée ou non envoyée'));
    // Unticked at once, before the save answers (a box that went back and forth failed a journey).
    expect(box(phone, 'Campagne envoyée ou non envoyée').checked).toBe(false);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')?.url.pathname).toBe(`/api/admin/push/devices/${PHONE.id}`);
    expect(JSON.parse(calls.find((c) => c.method === 'PATCH')?.body ?? '{}')).toEqual({
      events: ['lead', 'call', 'subscriber', 'backup'],
    });
    await waitFor(() => expect(box(phone, 'Campagne envoyée ou non envoyée').checked).toBe(false));
    // The other device is untouched.
    const other = screen.getByRole('group', {
      name: 'Notifications reçues sur «\u00a0Firefox sur Windows\u00a0»',
    });
    expect(box(other, 'Campagne envoyée ou non envoyée').checked).toBe(true);

    // A device left with no event is refused before anything is sent.
    cleanup();
    stubFetch({
      'GET /api/admin/push': { json: { publicKey: PUBLIC_KEY, devices: [{ ...laptop, events: ['lead'] }] } },
    });
    renderAdminScreen(PushPanel, '/admin/settings');
    const only = await screen.findByRole('group', {
      name: 'Notifications reçues sur «\u00a0Firefox sur Windows\u00a0»',
    });
    fireEvent.click(box(only, 'Nouvelle demande de contact'));
    expect(within(only).getByRole('alert').textContent).toBe(
      'Choisissez au moins un événement, ou supprimez cet appareil.',
    );
    expect(box(only, 'Nouvelle demande de contact').checked).toBe(true);
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
