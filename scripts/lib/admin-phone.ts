/**
 * The back-office on a phone, for `npm run perf`: the time from the sign-in click to a usable
 * screen, in Chromium driven by Playwright and slowed the way Lighthouse's mobile preset simulates
 * a phone, but applied (DevTools throttling): the Moto G Power's screen and user agent, the CPU
 * slowdown the caller calibrated to the host (scripts/lib/cpu-calibration.ts), and slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up, with Lighthouse's own adjustment
 * for DevTools throttling: 562.5 ms per request, 1.47 Mbps, 675 kbps).
 *
 * Each run is a new browser context (empty cache, no session, no service worker) opening the login
 * screen, with `?redirect=` for a screen other than the dashboard. Once the login form is usable
 * it is filled, and the clock starts at the click event on "Se connecter". A screen is usable at
 * the first moment its content is on screen (a selector matched by a visible element: for the
 * dashboard its first figure, for the leads list its first row) and the main thread is free to
 * answer a tap: the end of the last task longer than 50 ms before a window of QUIET_MS without
 * any (usableAt in perf-figures.ts). The figures are in ms after the click.
 */
import { type Browser, chromium, type Page } from '@playwright/test';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/chromium.ts';
import { type LongTask, usableAt } from './perf-figures.ts';

/** How long the main thread must stay free of long tasks for a screen to count as usable. */
export const QUIET_MS = 1_000;
/** Past this, the run gives up on the screen (reported as not usable). */
const TIMEOUT_MS = 60_000;

export type ScreenCondition = { selector: string; text?: string };
export type PhoneScreen = {
  name: string;
  /** The screen the login sends to (its `?redirect=`); the dashboard when absent. */
  path?: string;
  ready: ScreenCondition;
};
export type SignInRun = {
  /** The screen's content on screen, ms after the click. */
  contentMs: number;
  /** The screen usable (content, then QUIET_MS without long tasks), ms after the click. */
  usableMs: number;
  /** Long tasks from the click until usable: their count and their total, ms. */
  longTasks: number;
  longTaskMs: number;
};

type PerfWindow = {
  __perf: { longTasks: [number, number][]; clickAt: number; contentAt: number };
  __perfWatch: (condition: ScreenCondition) => void;
};

/**
 * Runs in every document before its scripts: records long tasks and clicks on the page's clock
 * (ms since the epoch), and offers `__perfWatch`, which records when a visible element matches.
 */
function instrument() {
  const w = window as unknown as Window & PerfWindow;
  const now = () => performance.timeOrigin + performance.now();
  w.__perf = { longTasks: [], clickAt: Number.NaN, contentAt: Number.NaN };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const start = performance.timeOrigin + entry.startTime;
      w.__perf.longTasks.push([start, start + entry.duration]);
    }
  }).observe({ type: 'longtask', buffered: true });
  addEventListener('click', (event) => (w.__perf.clickAt = performance.timeOrigin + event.timeStamp), true);
  w.__perfWatch = ({ selector, text }) => {
    w.__perf.contentAt = Number.NaN;
    const matches = () =>
      [...document.querySelectorAll(selector)].some(
        (element) => element.checkVisibility() && (!text || (element.textContent ?? '').includes(text)),
      );
    const observer = new MutationObserver(() => {
      if (!matches()) return;
      w.__perf.contentAt = now();
      observer.disconnect();
    });
    if (matches()) w.__perf.contentAt = now();
    else
      observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  };
}

/** Waits until the screen watched is usable; its content time, usable time and long tasks. */
async function waitUsable(page: Page, since: number) {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const { contentAt, longTasks, now } = await page.evaluate(() => {
      const { __perf } = window as unknown as PerfWindow;
      return { ...__perf, now: performance.timeOrigin + performance.now() };
    });
    const tasks = longTasks.filter(([, end]) => end > since) as LongTask[];
    const usable = usableAt(contentAt, tasks, QUIET_MS);
    if (!Number.isNaN(usable) && now >= usable + QUIET_MS) {
      const before = tasks.filter(([start]) => start < usable);
      return {
        contentAt,
        usable,
        longTasks: before.length,
        longTaskMs: before.reduce((sum, [start, end]) => sum + end - start, 0),
      };
    }
    if (Date.now() > deadline) return { contentAt, usable: Number.NaN, longTasks: 0, longTaskMs: 0 };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function openPhoneBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** One sign-in on the simulated phone, from a cold context, to `screen`. */
export async function measureSignIn(
  browser: Browser,
  siteUrl: string,
  credentials: { email: string; password: string },
  screen: PhoneScreen,
  clientAddress: string,
  cpuSlowdown: number,
): Promise<SignInRun> {
  const phone = screenEmulationMetrics.mobile;
  const context = await browser.newContext({
    viewport: { width: phone.width, height: phone.height },
    deviceScaleFactor: phone.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: userAgents.mobile,
    locale: 'fr-FR',
    serviceWorkers: 'block',
    // The server trusts X-Forwarded-For from loopback: each run has its own address, so no run
    // spends another's rate limits.
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress },
  });
  try {
    await context.addInitScript(instrument);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const slow4G = throttling.mobileSlow4G;
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: slow4G.requestLatencyMs,
      downloadThroughput: (slow4G.downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (slow4G.uploadThroughputKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });

    const login = screen.path ? `/admin/login?redirect=${encodeURIComponent(screen.path)}` : '/admin/login';
    await page.goto(`${siteUrl}${login}`, { timeout: TIMEOUT_MS });
    // The login form usable (hydrated and quiet) before anyone types in it.
    const start = await page.evaluate(() => performance.timeOrigin + performance.now());
    await page.evaluate(() =>
      (window as unknown as PerfWindow).__perfWatch({ selector: 'main form button[type="submit"]' }),
    );
    if (Number.isNaN((await waitUsable(page, start)).usable))
      throw new Error('the login form never became usable');
    await page.getByLabel('Email').fill(credentials.email);
    await page.getByLabel('Mot de passe').fill(credentials.password);
    await page.evaluate((ready) => (window as unknown as PerfWindow).__perfWatch(ready), screen.ready);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    const clickAt = await page.evaluate(() => (window as unknown as PerfWindow).__perf.clickAt);
    const result = await waitUsable(page, clickAt);
    // A screen never usable within TIMEOUT_MS counts as never: it fails its budget in any median.
    const after = (at: number) => (Number.isNaN(at) ? Number.POSITIVE_INFINITY : at - clickAt);
    return {
      contentMs: after(result.contentAt),
      usableMs: after(result.usable),
      longTasks: result.longTasks,
      longTaskMs: result.longTaskMs,
    };
  } finally {
    await context.close();
  }
}
