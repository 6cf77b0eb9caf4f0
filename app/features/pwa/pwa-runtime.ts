/**
 * The PWA's behaviour on the page (decisions 020, 041, 042 and 043), loaded once the page is idle
 * (pwa-boot.ts): service worker registration and updates (docs/product.md §4.7, §4.8), the install prompt's
 * timing (docs/product.md §3.4, §4.6, §9.8), the replay of forms kept offline and the toasts that tell how it
 * went.
 */

import { INSTALL_PROMPT_DELAY, STORAGE_KEYS, UPDATE_SNOOZE } from '#common/constants.ts';
import { ALREADY_SUBSCRIBED_TOAST, isAlreadySubscribed } from '~/lib/already-subscribed';
import {
  type OutboxStorage,
  type ReplayReport,
  replayOutbox,
  reportIsWorthTelling,
  singleFlight,
} from '~/lib/offline/outbox.ts';
import { OUTBOX_DB, SW_MESSAGES } from '~/lib/pwa-constants.ts';
import { getPwaState, handleInstallOffers, setPwaState } from '~/lib/pwa-state.ts';
import { registerServiceWorker } from '~/lib/service-worker';
import { toast } from '~/lib/toast';
import { installPromptDue, isIosSafari, isStandalone } from './install-rules.ts';

/** localStorage may be missing or refuse (private modes, storage disabled): never fatal. */
function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function writeStorage(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the prompt may then come back sooner.
  }
}

// --- install prompt -------------------------------------------------------------------------

let installTimer: ReturnType<typeof setTimeout> | undefined;

const installedNow = () => readStorage(STORAGE_KEYS.installed) === 'true' || isStandalone();

/** Shows the prompt INSTALL_PROMPT_DELAY after the offer, when the rules of install-rules.ts allow. */
export function scheduleInstallPrompt(now = Date.now()) {
  if (installTimer) return;
  const due = installPromptDue({
    now,
    promptedAt: readStorage(STORAGE_KEYS.installPrompted),
    installedFlag: readStorage(STORAGE_KEYS.installed),
    standalone: isStandalone(),
  });
  if (!due) return;
  installTimer = setTimeout(() => {
    installTimer = undefined;
    if (!installedNow()) setPwaState({ installVisible: true });
  }, INSTALL_PROMPT_DELAY);
}

/** 'Plus tard' or close: hidden, and not shown again for 7 days. */
export function dismissInstallPrompt() {
  writeStorage(STORAGE_KEYS.installPrompted, new Date().toISOString());
  setPwaState({ installVisible: false });
}

/** The install button: the browser's own prompt, then the outcome recorded. */
export async function installApp() {
  const offer = getPwaState().installOffer;
  if (!offer) return;
  setPwaState({ installPending: true });
  try {
    await offer.prompt();
    const choice = await offer.userChoice;
    writeStorage(STORAGE_KEYS.installPrompted, new Date().toISOString());
    if (choice.outcome === 'accepted') markInstalled();
    // The offer can be used once only.
    setPwaState({ installVisible: false, installOffer: null });
  } catch (error) {
    console.error('Erreur installation PWA', error);
  } finally {
    setPwaState({ installPending: false });
  }
}

export function markInstalled() {
  writeStorage(STORAGE_KEYS.installed, 'true');
  setPwaState({ installed: true, installVisible: false });
}

// --- updates --------------------------------------------------------------------------------

let registration: ServiceWorkerRegistration | null = null;
let reloadOnControllerChange = false;
/** While 'Installation...' shows: how often the browser is reminded to hand over (see nudge). */
export const UPDATE_NUDGE_INTERVAL = 2_000;
/** After this, the update is left for later: the card offers it again, the page never hangs. */
export const UPDATE_GIVE_UP = 30_000;
/** An empty answer (204) inside the worker's scope, for the nudge's hidden frame. */
export const UPDATE_NUDGE_URL = '/sw-activate';
let snoozeTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The snooze survives a reload (a full page load would otherwise bring the card straight back) in
 * sessionStorage: the two localStorage entries of docs/product.md §3.4 stay the only lasting ones.
 */
const SNOOZE_KEY = 'update-snoozed-until';
function snoozedUntil(): number {
  try {
    return Number(sessionStorage.getItem(SNOOZE_KEY)) || 0;
  } catch {
    return 0;
  }
}

/** A worker is waiting (or was just installed) while another controls the page: the card shows. */
export function notifyUpdateAvailable(now = Date.now()) {
  if (getPwaState().updatePending) return;
  const until = snoozedUntil();
  if (now < until) {
    // Back when the snooze ends, if the update still waits then.
    snoozeTimer ??= setTimeout(() => {
      snoozeTimer = undefined;
      if (registration?.waiting) notifyUpdateAvailable();
    }, until - now);
    return;
  }
  setPwaState({ updateVisible: true });
}

/** 'Plus tard' or close: hidden for UPDATE_SNOOZE, then back if the update is still waiting. */
export function dismissUpdate(now = Date.now()) {
  try {
    sessionStorage.setItem(SNOOZE_KEY, String(now + UPDATE_SNOOZE));
  } catch {
    // Without storage the snooze lasts as long as this page.
  }
  setPwaState({ updateVisible: false });
  clearTimeout(snoozeTimer);
  snoozeTimer = setTimeout(() => {
    snoozeTimer = undefined;
    if (registration?.waiting) notifyUpdateAvailable(now + UPDATE_SNOOZE);
  }, UPDATE_SNOOZE);
}

/**
 * 'Mettre à jour maintenant': the waiting worker is told to take over, and the page reloads once
 * it has (controllerchange), into the new version. Never before: a page load sent to the old
 * worker while the browser replaces it can hang for minutes (Chromium 156).
 */
export function applyUpdate() {
  if (getPwaState().updatePending) return;
  setPwaState({ updatePending: true });
  reloadOnControllerChange = true;
  watchActivation(Date.now());
  const known = registration?.waiting ?? registration?.installing;
  if (known) skipWaitingOf(known);
  else
    void navigator.serviceWorker
      ?.getRegistration()
      .then((current) => {
        const worker = current?.waiting ?? current?.installing;
        // Nothing waits any more (another tab applied it): this page is the one out of date.
        if (worker) skipWaitingOf(worker);
        else reloadOnce();
      })
      .catch(reloadOnce);
}

function skipWaitingOf(worker: ServiceWorker) {
  const skip = () => worker.postMessage({ type: SW_MESSAGES.skipWaiting });
  if (worker.state === 'installed') skip();
  else
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed') skip();
    });
}

/**
 * Seen in Chromium 156: told to skip waiting, the new worker waits for the old one to stop, and the
 * browser asks the old one to stop at once; but a request from the page in that instant restarts
 * it, and the restarted worker is then kept until idle (30 s, longer while the page keeps asking).
 * The browser asks again whenever a page inside the worker's scope starts loading: a hidden frame
 * loading an empty answer is such a load, without touching the visitor's page. Repeated until the
 * new worker is in control, then given up: the card comes back, ready to try again.
 */
function watchActivation(startedAt: number) {
  const timer = setInterval(() => {
    if (reloading) {
      clearInterval(timer);
      return;
    }
    if (Date.now() - startedAt >= UPDATE_GIVE_UP) {
      clearInterval(timer);
      console.warn('SW update: the new version has not taken over; offered again');
      reloadOnControllerChange = false;
      setPwaState({ updatePending: false });
      return;
    }
    nudge();
  }, UPDATE_NUDGE_INTERVAL);
}

function nudge() {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.src = UPDATE_NUDGE_URL;
  document.body.append(frame);
  setTimeout(() => frame.remove(), UPDATE_NUDGE_INTERVAL);
}

let reloading = false;
function reloadOnce() {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/** For tests: the registration whose waiting worker the card is about. */
export function setRegistration(value: ServiceWorkerRegistration | null) {
  registration = value;
}

function watchUpdates(current: ServiceWorkerRegistration) {
  setRegistration(current);
  const container = navigator.serviceWorker;
  if (current.waiting && container.controller) notifyUpdateAvailable();
  current.addEventListener('updatefound', () => {
    const incoming = current.installing;
    incoming?.addEventListener('statechange', () => {
      if (incoming.state === 'installed' && container.controller) notifyUpdateAvailable();
    });
  });
  container.addEventListener('controllerchange', () => {
    if (reloadOnControllerChange) reloadOnce();
  });
}

// --- forms kept offline -----------------------------------------------------------------------

/**
 * What the visitor hears after a replay (docs/product.md §7.4 logs DATA_SYNCED; decision 043 adds a toast).
 */
export function announceReplay(report: ReplayReport) {
  console.info('DATA_SYNCED', report);
  if (!reportIsWorthTelling(report)) return;
  const refused = report.rejected[0];
  if (refused) {
    const already = refused.kind === 'newsletter' && isAlreadySubscribed(refused.message);
    toast(
      already
        ? ALREADY_SUBSCRIBED_TOAST
        : {
            variant: 'destructive',
            title: 'Erreur',
            description: `Votre envoi enregistré hors connexion a été refusé : ${
              refused.message ?? 'Une erreur est survenue lors de l’envoi de votre demande.'
            }`,
          },
    );
    return;
  }
  toast(
    report.sent.includes('lead')
      ? {
          title: 'Demande envoyée avec succès !',
          description:
            'Votre demande enregistrée hors connexion a été transmise. Nous vous recontacterons sous 24h.',
        }
      : {
          title: 'Vérifiez votre email !',
          description:
            'Votre inscription enregistrée hors connexion a été envoyée. Cliquez sur le lien de l’email de confirmation.',
        },
  );
}

/**
 * Sends what the outbox holds, with one replayer at a time: the service worker when it controls
 * the page (it answers with DATA_SYNCED), else the page itself.
 */
export function createOutboxFlusher(
  loadStorage: () => Promise<OutboxStorage>,
  fetchImpl: typeof fetch,
  onReport: (report: ReplayReport) => void = announceReplay,
) {
  return singleFlight(async () => {
    if (navigator.onLine === false) return;
    const controller = navigator.serviceWorker?.controller;
    if (controller) {
      controller.postMessage({ type: SW_MESSAGES.replayOutbox });
      return;
    }
    onReport(await replayOutbox(await loadStorage(), (input, init) => fetchImpl(input, init)));
  });
}

/** The first retry of a replay that left forms kept; each next one waits twice as long. */
export const OUTBOX_RETRY_FIRST = 5_000;
export const OUTBOX_RETRY_TIMES = 6;

/**
 * Tries a replay again while the page is open when it left forms kept: the browser said it was
 * online before a request could get through (a network coming back, a server that did not
 * answer). After 5 s, then twice as long each time, 6 times (about 5 minutes); a new `online`
 * starts over (`reset`). Without it, a browser without Background Sync (Safari, Firefox) kept
 * the form until the next `online` or the next visit.
 */
export function createOutboxRetry(flush: () => Promise<void>) {
  let tries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    afterReplay(report: ReplayReport) {
      clearTimeout(timer);
      if (report.pending === 0) tries = 0;
      if (report.pending === 0 || tries >= OUTBOX_RETRY_TIMES) return;
      timer = setTimeout(
        () => void flush().catch((error) => console.warn('Outbox replay failed', error)),
        OUTBOX_RETRY_FIRST * 2 ** tries++,
      );
    },
    reset() {
      tries = 0;
    },
  };
}

/** What the outbox holds on a device that never kept a form: nothing. */
const NO_OUTBOX: OutboxStorage = { all: async () => [], put: async () => {}, remove: async () => {} };

/**
 * Whether this browser has the outbox's database, asked without opening (and so creating) it: on
 * most visits it has none, and opening IndexedDB on every page start was work a slow phone paid
 * for nothing. Where the list is not offered, the database is opened as before.
 */
async function outboxDatabaseExists(): Promise<boolean> {
  if (typeof indexedDB?.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((database) => database.name === OUTBOX_DB);
  } catch {
    return true;
  }
}

// --- start ------------------------------------------------------------------------------------

let started = false;

export async function startPwa() {
  if (started) return;
  started = true;
  setPwaState({ installed: installedNow() });
  handleInstallOffers(() => scheduleInstallPrompt());
  if (!installedNow() && isIosSafari(navigator.userAgent, navigator.maxTouchPoints)) scheduleInstallPrompt();
  window.addEventListener('appinstalled', markInstalled);

  // A replay's report comes from the page's own replay or from the service worker's.
  const onReport = (report: ReplayReport) => {
    announceReplay(report);
    retry.afterReplay(report);
  };
  const flush = createOutboxFlusher(
    async () =>
      (await outboxDatabaseExists()) ? (await import('~/lib/offline/outbox-idb.ts')).idbOutbox : NO_OUTBOX,
    fetch,
    onReport,
  );
  const retry = createOutboxRetry(flush);
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; report?: ReplayReport } | null;
    if (data?.type === SW_MESSAGES.updateAvailable) notifyUpdateAvailable();
    if (data?.type === SW_MESSAGES.dataSynced && data.report) onReport(data.report);
  });
  window.addEventListener('online', () => {
    retry.reset();
    void flush().catch((error) => console.warn('Outbox replay failed', error));
  });

  const current = await registerServiceWorker();
  if (current) watchUpdates(current);
  // Every decision of the start is taken: an offer caught so far is scheduled or turned down, a
  // waiting update shown or snoozed. Readable from outside, as `data-islands` is (tests wait on it).
  document.documentElement.dataset.pwa = 'ready';
  // At start (the next visit): whatever an earlier visit kept.
  await flush().catch((error) => console.warn('Outbox replay failed', error));
}
