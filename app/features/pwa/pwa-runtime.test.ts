// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_PROMPT_DELAY, STORAGE_KEYS, UPDATE_SNOOZE } from '#common/constants.ts';
import type { OutboxEntry, OutboxStorage } from '~/lib/offline/outbox.ts';
import { getPwaState, type InstallOffer, resetPwaState, setPwaState } from '~/lib/pwa-state.ts';
import { dismissToast, getToastSnapshot } from '~/lib/toast';
import {
  announceReplay,
  applyUpdate,
  createOutboxFlusher,
  createOutboxRetry,
  dismissInstallPrompt,
  dismissUpdate,
  installApp,
  notifyUpdateAvailable,
  OUTBOX_RETRY_FIRST,
  OUTBOX_RETRY_TIMES,
  scheduleInstallPrompt,
  setRegistration,
  UPDATE_GIVE_UP,
  UPDATE_NUDGE_INTERVAL,
  UPDATE_NUDGE_URL,
} from './pwa-runtime.ts';

const DAY = 24 * 60 * 60 * 1_000;

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-11-22T12:00:00Z') });
  localStorage.clear();
  sessionStorage.clear();
  resetPwaState();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllTimers();
  vi.useRealTimers();
  setRegistration(null);
});

describe('the install prompt (docs/product.md §4.6)', () => {
  it('shows 3 seconds after the offer when never prompted', () => {
    scheduleInstallPrompt();
    vi.advanceTimersByTime(INSTALL_PROMPT_DELAY - 1);
    expect(getPwaState().installVisible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(getPwaState().installVisible).toBe(true);
  });

  it('stays hidden within 7 days of the last prompt, and when installed', () => {
    localStorage.setItem(STORAGE_KEYS.installPrompted, new Date(Date.now() - 3 * DAY).toISOString());
    scheduleInstallPrompt();
    vi.advanceTimersByTime(10 * INSTALL_PROMPT_DELAY);
    expect(getPwaState().installVisible).toBe(false);

    localStorage.setItem(STORAGE_KEYS.installPrompted, new Date(Date.now() - 8 * DAY).toISOString());
    localStorage.setItem(STORAGE_KEYS.installed, 'true');
    scheduleInstallPrompt();
    vi.advanceTimersByTime(10 * INSTALL_PROMPT_DELAY);
    expect(getPwaState().installVisible).toBe(false);
  });

  it("'Plus tard' hides it and records when, so it waits 7 days", () => {
    setPwaState({ installVisible: true });
    dismissInstallPrompt();
    expect(getPwaState().installVisible).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.installPrompted)).toBe('2026-11-22T12:00:00.000Z');
  });

  it('install: the native prompt, then the installed flag when accepted', async () => {
    const prompt = vi.fn(async () => undefined);
    const offer = Object.assign(new Event('beforeinstallprompt'), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    }) as InstallOffer;
    setPwaState({ installVisible: true, installOffer: offer });
    const pending = installApp();
    expect(getPwaState().installPending).toBe(true);
    await pending;
    expect(prompt).toHaveBeenCalledOnce();
    expect(getPwaState()).toMatchObject({ installVisible: false, installPending: false, installed: true });
    expect(localStorage.getItem(STORAGE_KEYS.installed)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.installPrompted)).not.toBeNull();
  });
});

describe('the update card (docs/product.md §4.7)', () => {
  const withWaitingWorker = (waiting: boolean) =>
    setRegistration({ waiting: waiting ? {} : null } as unknown as ServiceWorkerRegistration);

  it("after 'Plus tard' it stays hidden 60 minutes, then comes back if the update still waits", () => {
    withWaitingWorker(true);
    notifyUpdateAvailable();
    expect(getPwaState().updateVisible).toBe(true);

    dismissUpdate();
    expect(getPwaState().updateVisible).toBe(false);
    // The worker announcing itself again during the snooze does not bring it back.
    vi.advanceTimersByTime(30 * 60 * 1_000);
    notifyUpdateAvailable();
    expect(getPwaState().updateVisible).toBe(false);

    vi.advanceTimersByTime(UPDATE_SNOOZE - 30 * 60 * 1_000 - 1);
    expect(getPwaState().updateVisible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(getPwaState().updateVisible).toBe(true);
  });

  it('does not come back when the update was applied meanwhile', () => {
    withWaitingWorker(true);
    notifyUpdateAvailable();
    dismissUpdate();
    withWaitingWorker(false);
    vi.advanceTimersByTime(UPDATE_SNOOZE);
    expect(getPwaState().updateVisible).toBe(false);
  });

  it('keeps the snooze across a reload of the page', () => {
    withWaitingWorker(true);
    dismissUpdate();
    // A fresh page: the same session, a new module state.
    resetPwaState();
    notifyUpdateAvailable();
    expect(getPwaState().updateVisible).toBe(false);
    vi.advanceTimersByTime(UPDATE_SNOOZE);
    expect(getPwaState().updateVisible).toBe(true);
  });
});

describe("'Mettre à jour maintenant' (docs/product.md §4.7)", () => {
  function waitingWorker() {
    const worker = { state: 'installed', postMessage: vi.fn(), addEventListener: vi.fn() };
    setRegistration({ waiting: worker } as unknown as ServiceWorkerRegistration);
    return worker;
  }
  /** The hidden frames the page adds, kept out of the document: happy-dom cannot load them. */
  function recordFrames() {
    const frames: HTMLIFrameElement[] = [];
    vi.spyOn(document.body, 'append').mockImplementation((...nodes) => {
      for (const node of nodes) if (node instanceof HTMLIFrameElement) frames.push(node);
    });
    return frames;
  }

  it('tells the waiting worker to take over and shows the installation, once however often pressed', () => {
    const worker = waitingWorker();
    notifyUpdateAvailable();
    applyUpdate();
    applyUpdate();
    expect(getPwaState().updatePending).toBe(true);
    expect(worker.postMessage).toHaveBeenCalledTimes(1);
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('while the new version has not taken over, reminds the browser with a hidden empty frame; after 30 s offers the update again', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const frames = recordFrames();
    waitingWorker();
    notifyUpdateAvailable();
    applyUpdate();
    expect(frames).toHaveLength(0);
    vi.advanceTimersByTime(UPDATE_NUDGE_INTERVAL);
    expect(frames).toHaveLength(1);
    expect(frames[0]?.getAttribute('src')).toBe(UPDATE_NUDGE_URL);
    expect(frames[0]?.hidden).toBe(true);
    expect(frames[0]?.getAttribute('aria-hidden')).toBe('true');
    vi.advanceTimersByTime(UPDATE_NUDGE_INTERVAL * 3);
    expect(frames).toHaveLength(4);
    expect(getPwaState().updatePending).toBe(true);

    vi.advanceTimersByTime(UPDATE_GIVE_UP - UPDATE_NUDGE_INTERVAL * 4);
    expect(getPwaState().updatePending).toBe(false);
    expect(getPwaState().updateVisible).toBe(true);
    expect(warn).toHaveBeenCalledWith('SW update: the new version has not taken over; offered again');
    // Given up: no more frames.
    const made = frames.length;
    vi.advanceTimersByTime(UPDATE_NUDGE_INTERVAL * 2);
    expect(frames).toHaveLength(made);
  });
});

describe('replaying the outbox from the page', () => {
  const entry: OutboxEntry = {
    url: '/api/contact',
    body: '{}',
    idempotencyKey: 'key-page-replay',
    createdAt: Date.parse('2026-11-22T11:59:00Z'),
    kind: 'lead',
  };

  /** An outbox holding `entry`, in memory. */
  function keptStorage() {
    const kept = new Map([[entry.idempotencyKey, entry]]);
    const storage: OutboxStorage = {
      all: async () => [...kept.values()],
      put: async () => undefined,
      remove: async (key) => {
        kept.delete(key);
      },
    };
    return { kept, storage };
  }

  it('sends kept forms itself when no service worker controls the page, and says so', async () => {
    const { kept, storage } = keptStorage();
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const fetch = vi.fn(async () => new Response('{"id":"x"}', { status: 201 }));
    await createOutboxFlusher(async () => storage, fetch)();
    expect(fetch).toHaveBeenCalledOnce();
    expect(kept.size).toBe(0);
    expect(getToastSnapshot()).toMatchObject({ title: 'Demande envoyée avec succès !' });
    expect(info).toHaveBeenCalledWith('DATA_SYNCED', expect.objectContaining({ sent: ['lead'] }));
  });

  /** The page's replay as the site wires it: each report announced, then retried while forms are left. */
  function pageReplay(storage: OutboxStorage, fetch: typeof globalThis.fetch) {
    const retry = createOutboxRetry(() => flush());
    const flush = createOutboxFlusher(
      async () => storage,
      fetch,
      (report) => {
        announceReplay(report);
        retry.afterReplay(report);
      },
    );
    return flush;
  }

  it('tries again while the page is open when the network was not back yet, and sends the form once', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { kept, storage } = keptStorage();
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(new Response('{"id":"x"}', { status: 201 }));
    dismissToast();
    await pageReplay(storage, fetch)();
    expect(kept.size).toBe(1);
    expect(getToastSnapshot()?.open).not.toBe(true);

    await vi.advanceTimersByTimeAsync(OUTBOX_RETRY_FIRST);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(kept.size).toBe(0);
    expect(getToastSnapshot()).toMatchObject({ title: 'Demande envoyée avec succès !', open: true });
    await vi.advanceTimersByTimeAsync(60 * 60 * 1_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('stops trying after a few minutes, and keeps the form for the next connection or visit', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { kept, storage } = keptStorage();
    const fetch = vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    await pageReplay(storage, fetch)();
    await vi.advanceTimersByTimeAsync(OUTBOX_RETRY_FIRST * 2 ** OUTBOX_RETRY_TIMES);
    expect(fetch).toHaveBeenCalledTimes(1 + OUTBOX_RETRY_TIMES);
    expect(OUTBOX_RETRY_FIRST * (2 ** OUTBOX_RETRY_TIMES - 1)).toBeLessThanOrEqual(6 * 60 * 1_000);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1_000);
    expect(fetch).toHaveBeenCalledTimes(1 + OUTBOX_RETRY_TIMES);
    expect(kept.size).toBe(1);
  });

  it('tells the visitor when the server refused a kept subscription', () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    announceReplay({
      sent: [],
      rejected: [{ kind: 'newsletter', status: 409, message: 'Vous êtes déjà abonné à notre newsletter.' }],
      expired: 0,
      pending: 0,
    });
    expect(getToastSnapshot()).toMatchObject({ title: 'Déjà abonné', variant: 'destructive' });
  });
});
