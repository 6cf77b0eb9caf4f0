/**
 * The back-office on a phone, for `npm run perf`: the time from the sign-in click to a usable
 * screen, in Chromium driven by Playwright, on the phone Lighthouse's mobile preset simulates: the
 * Moto G Power's screen and user agent, slow 4G applied by DevTools (150 ms RTT, 1.6 Mbps down,
 * 750 kbps up, with Lighthouse's own adjustment for DevTools throttling: 562.5 ms per request,
 * 1.47 Mbps, 675 kbps), and the CPU slowdown the caller calibrated to the host
 * (scripts/lib/cpu-calibration.ts).
 *
 * The CPU slowdown is simulated from the sign-in's trace (decision 126): the run is recorded at
 * the host's speed, then each of the page's main-thread tasks is replayed at its own CPU time ×
 * the slowdown (phoneClock in perf-figures.ts), so that a wait for a core another process held
 * does not count. `wallTime` applies DevTools' CPU throttling instead and reads the page's clock,
 * as before decision 126: on Linux that throttling spins the throttled thread, so a busy core
 * slows it twice.
 *
 * Each run is a new browser context (empty cache, no session, no service worker) opening the login
 * screen, with `?redirect=` for a screen other than the dashboard. Once the login form is usable
 * and the screen has finished its own downloads (its preloads of the screen to come), the form is
 * filled and the clock starts at the click event on "Se connecter". A screen is usable at the
 * first moment its content is on screen (a selector matched by a visible element: for the
 * dashboard its first figure, for the leads list its first row) and the main thread is free to
 * answer a tap: the end of the last task longer than 50 ms before a window of QUIET_MS without
 * any (usableAt in perf-figures.ts). The figures are in ms after the click.
 */
import { type Browser, chromium, type Page } from '@playwright/test';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/chromium.ts';
import {
  type LongTask,
  type ReplayedSignIn,
  replayedSignIn,
  type TraceEvent,
  usableAt,
} from './perf-figures.ts';

/** How long the main thread must stay free of long tasks for a screen to count as usable. */
export const QUIET_MS = 1_000;
/** Past this, the run gives up on the screen (reported as not usable). */
const TIMEOUT_MS = 60_000;
/**
 * What a sign-in's trace records: the tasks of each thread with their CPU time, the requests,
 * timers, animation frames and idle callbacks that wake them, and the page's User Timing marks.
 */
const TRACE_CATEGORIES = [
  '-*',
  'toplevel',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  '__metadata',
];

export type ScreenCondition = { selector: string; text?: string };
export type PhoneScreen = {
  name: string;
  /** The screen the login sends to (its `?redirect=`); the dashboard when absent. */
  path?: string;
  ready: ScreenCondition;
};
/** One sign-in's figures, ms after the click. */
export type SignInRun = ReplayedSignIn;

type PerfWindow = {
  __perf: { longTasks: [number, number][]; clickAt: number; contentAt: number };
  __perfWatch: (condition: ScreenCondition) => void;
};

/**
 * Runs in every document before its scripts: records long tasks and clicks on the page's clock
 * (ms since the epoch), and offers `__perfWatch`, which records when a visible element matches.
 * The click and the content are also marked (User Timing, `perf:click` and `perf:content`), so
 * that a trace shows them on its own clock. Serialized into the page: it uses nothing from here.
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
  addEventListener(
    'click',
    (event) => {
      w.__perf.clickAt = performance.timeOrigin + event.timeStamp;
      performance.mark('perf:click');
    },
    true,
  );
  w.__perfWatch = ({ selector, text }) => {
    w.__perf.contentAt = Number.NaN;
    const matches = () =>
      [...document.querySelectorAll(selector)].some(
        (element) => element.checkVisibility() && (!text || (element.textContent ?? '').includes(text)),
      );
    const observer = new MutationObserver(() => {
      if (!matches()) return;
      w.__perf.contentAt = now();
      performance.mark('perf:content');
      observer.disconnect();
    });
    if (matches()) {
      w.__perf.contentAt = now();
      performance.mark('perf:content');
    } else
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

/** What `run` returns, and the browser's trace of it (TRACE_CATEGORIES), for replayedSignIn. */
export async function traced<T>(
  browser: Browser,
  run: () => Promise<T>,
): Promise<{ trace: TraceEvent[]; result: T }> {
  await browser.startTracing(undefined, { categories: TRACE_CATEGORIES });
  const outcome = await run().then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  // Stopped also when the run failed, so that the browser can trace the next one.
  const recorded = await browser.stopTracing();
  if ('error' in outcome) throw outcome.error;
  const { traceEvents } = JSON.parse(recorded.toString('utf8')) as { traceEvents: TraceEvent[] };
  return { trace: traceEvents, result: outcome.result };
}

export async function openPhoneBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * One sign-in on the simulated phone, from a cold context, to `screen`: its CPU slowdown simulated
 * from the trace, or applied by DevTools with `wallTime` (see the top of this file).
 */
export async function measureSignIn(
  browser: Browser,
  siteUrl: string,
  credentials: { email: string; password: string },
  screen: PhoneScreen,
  clientAddress: string,
  cpuSlowdown: number,
  { wallTime = false }: { wallTime?: boolean } = {},
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
    if (wallTime) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });

    const login = screen.path ? `/admin/login?redirect=${encodeURIComponent(screen.path)}` : '/admin/login';
    await page.goto(`${siteUrl}${login}`, { timeout: TIMEOUT_MS });
    // The login form usable (hydrated and quiet) before anyone types in it.
    const start = await page.evaluate(() => performance.timeOrigin + performance.now());
    await page.evaluate(() =>
      (window as unknown as PerfWindow).__perfWatch({ selector: 'main form button[type="submit"]' }),
    );
    if (Number.isNaN((await waitUsable(page, start)).usable))
      throw new Error('the login form never became usable');
    // Someone typing an email and a password takes seconds: by the click, the login screen's
    // own loading (its preloads of the screen to come) is over.
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT_MS });
    await page.getByLabel('Email').fill(credentials.email);
    await page.getByLabel('Mot de passe').fill(credentials.password);
    await page.evaluate((ready) => (window as unknown as PerfWindow).__perfWatch(ready), screen.ready);
    const signIn = async () => {
      await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
      const clickAt = await page.evaluate(() => (window as unknown as PerfWindow).__perf.clickAt);
      return { clickAt, result: await waitUsable(page, clickAt) };
    };
    if (!wallTime) {
      const { trace, result } = await traced(browser, async () => {
        const run = await signIn();
        // The host is several times faster than the phone: once quiet here, QUIET_MS more leaves
        // the trace long enough for the phone's quiet window (replayedSignIn checks it).
        await page.waitForTimeout(QUIET_MS);
        return run.result;
      });
      if (Number.isNaN(result.usable)) throw new Error(`${screen.name} never showed its content`);
      return replayedSignIn(trace, cpuSlowdown, QUIET_MS);
    }
    const { clickAt, result } = await signIn();
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
