/** The figures and budgets of `npm run perf` (scripts/lib/perf-figures.ts, static-reference.ts). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  mainThreadCpuMs,
  median,
  medianFigures,
  type PageFigures,
  pageBudgetFailures,
  phoneClock,
  type RouterManifest,
  replayedSignIn,
  routeFirstLoadScripts,
  stripScripts,
  usableAt,
  withoutWaitForCore,
} from './perf-figures.ts';
import { startStaticReference } from './static-reference.ts';

/** A public page as the server renders it: bootstrap script, JSON-LD, and an admin-like preload. */
const PAGE = [
  '<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-X.js" nonce="abc"/>',
  '<link rel="preload" as="script" href="/assets/react-X.js"/>',
  '<link rel="preload" as="image" href="/assets/hero.svg" fetchPriority="high"/>',
  '<link rel="stylesheet" href="/assets/root-X.css"/>',
  '<script type="application/ld+json">{"@type":"Organization","name":"Lisanga"}</script>',
  '</head><body><main data-props="{&quot;a&quot;:&quot;&lt;script&gt;&quot;}"><h1>Bonjour</h1></main>',
  '<script>(function(){var a={"entry":"/assets/entry.client-X.js"};if(1<2)go()})()</script>',
  '<script nonce="abc" type="module" async="">import * as route0 from "/assets/root-X.js";</script>',
  '<SCRIPT src="/assets/old.js"></SCRIPT >',
  '</body></html>',
].join('');

describe('the static reference of a page', () => {
  it('removes every script that runs and the links that fetch scripts, and keeps the rest as is', () => {
    expect(stripScripts(PAGE)).toBe(
      [
        '<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"/>',
        '<link rel="preload" as="image" href="/assets/hero.svg" fetchPriority="high"/>',
        '<link rel="stylesheet" href="/assets/root-X.css"/>',
        '<script type="application/ld+json">{"@type":"Organization","name":"Lisanga"}</script>',
        '</head><body><main data-props="{&quot;a&quot;:&quot;&lt;script&gt;&quot;}"><h1>Bonjour</h1></main>',
        '</body></html>',
      ].join(''),
    );
  });

  let servers: { close: () => unknown }[] = [];
  afterEach(async () => {
    for (const server of servers) await server.close();
    servers = [];
  });

  it('is served through the proxy: the page without scripts, Brotli, and every other file unchanged', async () => {
    const css = 'main{color:#123}';
    const site = http.createServer((request, response) => {
      if (request.url === '/') {
        response.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-encoding': 'br',
          etag: 'W/"page"',
          'x-site': 'yes',
        });
        response.end(zlib.brotliCompressSync(PAGE));
      } else {
        response.writeHead(200, { 'content-type': 'text/css' });
        response.end(css);
      }
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    servers.push({ close: () => new Promise((resolve) => site.close(resolve)) });
    const reference = await startStaticReference(`http://127.0.0.1:${(site.address() as AddressInfo).port}`);
    servers.push({ close: reference.stop });

    const page = await fetch(`${reference.url}/`, {
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('x-site')).toBe('yes');
    expect(page.headers.get('etag')).toBeNull();
    const html = await page.text();
    expect(html).toBe(stripScripts(PAGE));
    expect(html).not.toContain('<script>');
    expect(await (await fetch(`${reference.url}/assets/root-X.css`)).text()).toBe(css);
  });
});

const figures = (overrides: Partial<PageFigures> = {}): PageFigures => ({
  fcp: 900,
  lcp: 1_000,
  tbt: 50,
  cls: 0,
  mainThread: 1_400,
  mainThreadCpu: 700,
  performance: 99,
  ...overrides,
});

describe('the public pages budgets', () => {
  it('takes the median of each figure over the runs', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
    expect(
      medianFigures([figures({ tbt: 900 }), figures({ tbt: 100 }), figures({ tbt: 400, performance: 79 })]),
    ).toEqual(figures({ tbt: 400 }));
  });

  it('passes a page as light as its reference', () => {
    expect(pageBudgetFailures(figures(), figures({ tbt: 40, mainThread: 1_000 }))).toEqual([]);
  });

  it('holds blocking time to the reference plus 100 ms and to 200 ms, and work to 1.5 × the reference', () => {
    const reference = figures({ tbt: 20, mainThread: 1_000 });
    expect(pageBudgetFailures(figures({ tbt: 150, mainThread: 1_600 }), reference)).toEqual([
      'TBT 150 ms > reference 20 ms + 100 ms',
      'main-thread work 1600 ms > 1.5 × reference 1000 ms',
    ]);
    // A loaded machine slows the reference too, but never past the absolute ceiling.
    expect(
      pageBudgetFailures(figures({ tbt: 250, mainThread: 3_000 }), figures({ tbt: 180, mainThread: 2_400 })),
    ).toEqual(['TBT 250 ms > 200 ms']);
  });

  it('holds the score, the paints and the layout shift to their absolute budgets', () => {
    expect(
      pageBudgetFailures(figures({ performance: 96, fcp: 1_401, lcp: 1_700, cls: 0.01 }), figures()),
    ).toEqual([
      'performance 96 < 97',
      'FCP 1401 ms > 1400 ms',
      'LCP 1700 ms > 1600 ms',
      'CLS 0.010 (budget 0)',
    ]);
  });

  it('fails a figure Lighthouse did not give', () => {
    expect(pageBudgetFailures(figures({ lcp: Number.NaN }), figures())).toEqual(['LCP NaN ms > 1600 ms']);
  });
});

describe("the main thread's CPU time in a trace", () => {
  const meta = (pid: number, tid: number, name: string) => ({
    name: 'thread_name',
    ph: 'M',
    pid,
    tid,
    ts: 0,
    args: { name },
  });
  const task = (tid: number, ts: number, dur: number, tdur: number, name = 'RunTask') => ({
    name,
    ph: 'X',
    pid: 2,
    tid,
    ts,
    dur,
    tdur,
  });
  it("adds up the thread time of the page's top-level tasks, at the preset's slowdown", () => {
    const events = [
      meta(2, 1, 'CrRendererMain'),
      meta(2, 5, 'Compositor'),
      meta(3, 1, 'CrRendererMain'), // about:blank's renderer: fewer events
      // 30 ms on the clock, of which 10 ms computing: the rest waiting for a core.
      task(1, 1_000, 30_000, 10_000),
      // A task nested in the one before is counted with it, not twice.
      task(1, 2_000, 5_000, 4_000, 'ThreadControllerImpl::RunTask'),
      task(1, 40_000, 2_000, 2_000, 'ThreadControllerImpl::RunTask'),
      // Another thread's work, and an event that is not a task.
      task(5, 1_000, 50_000, 50_000),
      { name: 'Layout', ph: 'X', pid: 2, tid: 1, ts: 41_000, dur: 500, tdur: 500 },
      { ...task(1, 0, 1, 1), pid: 3 },
    ];
    expect(mainThreadCpuMs(events, 4)).toBe(48);
    expect(mainThreadCpuMs(events, 1)).toBe(12);
  });

  it("reads the thread that parsed the web page, even when one of the browser's own pages is busier", () => {
    const parse = (pid: number, url: string) => ({
      name: 'ParseHTML',
      ph: 'X',
      pid,
      tid: 1,
      ts: 0,
      dur: 10,
      args: { beginData: { url } },
    });
    const events = [
      meta(2, 1, 'CrRendererMain'),
      meta(4, 1, 'CrRendererMain'),
      parse(2, 'http://127.0.0.1:3000/'),
      parse(4, 'chrome://new-tab-page/'),
      { ...task(1, 0, 2_000, 2_000), pid: 2 },
      // The browser's own screen: more events and more work, not the page's.
      ...[0, 1, 2, 3].map((n) => ({ ...task(1, n * 10_000, 5_000, 5_000), pid: 4 })),
    ];
    expect(mainThreadCpuMs(events, 1)).toBe(2);
  });

  it('is NaN when the trace has no renderer main thread', () => {
    expect(mainThreadCpuMs([meta(2, 5, 'Compositor'), task(5, 0, 10, 10)], 4)).toBeNaN();
  });

  it("shrinks each of the main thread's tasks to its own CPU time, its inner events with it, and leaves the rest", () => {
    const events = [
      meta(2, 1, 'CrRendererMain'),
      meta(2, 5, 'Compositor'),
      // 40 ms on the clock, of which 10 ms computing: a quarter.
      task(1, 1_000, 40_000, 10_000),
      { name: 'FunctionCall', ph: 'X', pid: 2, tid: 1, ts: 21_000, dur: 8_000 },
      { name: 'MarkDOMContent', ph: 'I', pid: 2, tid: 1, ts: 41_000 },
      // A task that never waited keeps its time; an event between tasks and another thread's stay.
      task(1, 50_000, 2_000, 2_000),
      { name: 'Paint', ph: 'X', pid: 2, tid: 1, ts: 45_000, dur: 100 },
      task(5, 1_000, 40_000, 10_000),
    ];
    const shrunk = withoutWaitForCore(events);
    const times = (event: { ts: number; dur?: number }) => [event.ts, event.dur];
    expect(shrunk.slice(2).map(times)).toEqual([
      [1_000, 10_000],
      [6_000, 2_000],
      [11_000, undefined],
      [50_000, 2_000],
      [45_000, 100],
      [1_000, 40_000],
    ]);
    // The thread's CPU time is what it was, and the events given are not changed.
    expect(mainThreadCpuMs(shrunk, 1)).toBe(mainThreadCpuMs(events, 1));
    expect(times(events[2] as { ts: number })).toEqual([1_000, 40_000]);
  });
});

describe('a trace replayed on the simulated phone', () => {
  const meta = { name: 'thread_name', ph: 'M', pid: 2, tid: 1, ts: 0, args: { name: 'CrRendererMain' } };
  // A task of the page's main thread: its clock time and its CPU time, ms.
  const task = (ms: number, durMs: number, cpuMs: number) => ({
    name: 'RunTask',
    ph: 'X',
    pid: 2,
    tid: 1,
    ts: ms * 1000,
    dur: durMs * 1000,
    tdur: cpuMs * 1000,
  });
  const mark = (name: string, ms: number, data?: { requestId?: string; timerId?: number; id?: number }) => ({
    name,
    ph: 'I',
    pid: 2,
    tid: 1,
    ts: ms * 1000,
    ...(data ? { args: { data } } : {}),
  });
  // The click's task sends the login request at its middle; its reply comes 500 ms later, the
  // screen's data 300 ms after that.
  const signIn = [
    meta,
    task(0, 10, 10),
    mark('perf:click', 0),
    mark('ResourceSendRequest', 5, { requestId: 'login' }),
    task(505, 10, 10),
    mark('ResourceFinish', 506, { requestId: 'login' }),
    mark('ResourceSendRequest', 510, { requestId: 'data' }),
    // A task the browser sent meanwhile (no wake-up known): it comes when it came.
    task(600, 4, 4),
    task(815, 20, 20),
    mark('ResourceFinish', 816, { requestId: 'data' }),
    mark('perf:content', 835),
    // A timer the render set, fired 100 ms later, then the trace's last event.
    mark('TimerInstall', 834, { timerId: 7 }),
    task(935, 2, 2),
    mark('TimerFire', 935, { timerId: 7 }),
    mark('EndOfTrace', 3_000),
  ];
  const ms = (us: number) => us / 1000;

  it('keeps the trace as it is at the host speed', () => {
    const clock = phoneClock(signIn, 1);
    expect([0, 505, 835, 3_000].map((at) => ms(clock.at(at * 1000)))).toEqual([0, 505, 835, 3_000]);
    expect(clock.longTasks).toEqual([]);
  });

  it('stretches each task to its CPU time × the slowdown and moves what waits on it, not the network', () => {
    const clock = phoneClock(signIn, 10);
    // The request leaves at 50 ms instead of 5: the reply's task starts at 550, lasts 100 ms and
    // sends the next at 600; the browser's task waits for the thread (650 to 690); the data's
    // reply comes at 905 and its task ends at 1,105, where the content is marked.
    expect(ms(clock.at(5_000))).toBe(50);
    expect(ms(clock.at(506_000))).toBe(560);
    expect(ms(clock.at(600_000))).toBe(650);
    expect(ms(clock.at(835_000))).toBe(1_105);
    // The timer, asked for at 1,095 on the phone, fires as long after as in the trace; after the
    // last task the clock runs as in the trace. The long tasks are those over 50 ms.
    expect(ms(clock.at(935_000))).toBe(1_196);
    expect(ms(clock.at(3_000_000))).toBe(3_000);
    expect(clock.longTasks).toEqual([
      [0, 100],
      [550, 650],
      [905, 1_105],
    ]);
  });

  it("counts a task's CPU time only, not its wait for a core", () => {
    // The click's task took 40 ms on the clock for 10 ms of computing: 100 ms on the phone.
    const waited = signIn.map((event) =>
      event.name === 'RunTask' && event.ts === 0 ? task(0, 40, 10) : event,
    );
    expect(phoneClock(waited, 10).longTasks[0]).toEqual([0, 100]);
  });

  it('gives the sign-in on the phone: content, usable after the quiet window, and long tasks', () => {
    expect(replayedSignIn(signIn, 10, 1_000)).toEqual({
      contentMs: 1_105,
      usableMs: 1_105,
      longTasks: 3,
      longTaskMs: 400,
    });
    // A long task within the quiet window after the content delays the screen's use.
    const late = [...signIn, task(1_500, 8, 8)];
    expect(replayedSignIn(late, 10, 1_000).usableMs).toBe(1_580);
  });

  it('refuses a trace without its marks, or too short for the quiet window on the phone', () => {
    expect(() =>
      replayedSignIn(
        signIn.filter((event) => event.name !== 'perf:content'),
        10,
        1_000,
      ),
    ).toThrow('the trace has no perf:content mark');
    expect(() => replayedSignIn(signIn, 10, 2_000)).toThrow(/stops 105 ms too early/);
  });
});

describe('a back-office screen usable on a phone', () => {
  it('is usable once its content is on screen and the main thread stays free for the quiet window', () => {
    expect(usableAt(1_000, [], 1_000)).toBe(1_000);
    // Tasks before the content do not count; one running when it appears does, and so do those
    // starting within the window after each one.
    expect(
      usableAt(
        1_000,
        [
          [100, 600],
          [900, 1_200],
          [2_000, 2_100],
          [3_500, 3_600],
        ],
        1_000,
      ),
    ).toBe(2_100);
    expect(usableAt(Number.NaN, [], 1_000)).toBeNaN();
  });
});

describe("an admin route's first-load script", () => {
  const manifest: RouterManifest = {
    entry: { module: '/assets/entry.js', imports: ['/assets/react.js'] },
    routes: {
      root: { id: 'root', module: '/assets/root.js', imports: ['/assets/react.js', '/assets/lib.js'] },
      'routes/admin/root': { id: 'routes/admin/root', parentId: 'root', module: '/assets/admin-root.js' },
      'routes/admin/layout': {
        id: 'routes/admin/layout',
        parentId: 'routes/admin/root',
        module: '/assets/layout.js',
        imports: ['/assets/shell.js'],
      },
      'routes/admin/dashboard': {
        id: 'routes/admin/dashboard',
        parentId: 'routes/admin/layout',
        path: 'admin/dashboard',
        module: '/assets/dashboard.js',
        imports: ['/assets/shell.js', '/assets/query.js'],
      },
      'routes/blog': { id: 'routes/blog', parentId: 'root', module: '/assets/blog.js' },
    },
  };

  it('counts the entry, the route and its parents with their static imports, each file once', () => {
    expect(routeFirstLoadScripts(manifest, 'routes/admin/dashboard').sort()).toEqual(
      [
        '/assets/entry.js',
        '/assets/react.js',
        '/assets/root.js',
        '/assets/lib.js',
        '/assets/admin-root.js',
        '/assets/layout.js',
        '/assets/shell.js',
        '/assets/dashboard.js',
        '/assets/query.js',
      ].sort(),
    );
    expect(() => routeFirstLoadScripts(manifest, 'routes/admin/missing')).toThrow('No route');
  });
});
