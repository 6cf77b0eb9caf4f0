/**
 * The pure parts of `npm run perf` (scripts/perf.ts): medians, the public pages' budgets against the
 * static reference measured in the same run, the static reference's HTML (the page with its scripts
 * removed), when a back-office screen is usable, the scripts an admin route loads first, and a
 * run's trace without the main thread's wait for a core (decision 125).
 */

/** The median of a list of numbers (the mean of the two middle ones for an even count), NaN if empty. */
export function median(values: number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** One page's figures from Lighthouse (mobile preset), one run or the medians of several. */
export type PageFigures = {
  /** First Contentful Paint, ms. */
  fcp: number;
  /** Largest Contentful Paint, ms. */
  lcp: number;
  /** Total Blocking Time, ms. */
  tbt: number;
  /** Cumulative Layout Shift. */
  cls: number;
  /** Main-thread work (Lighthouse's `mainthread-work-breakdown`), ms. */
  mainThread: number;
  /**
   * The same tasks' CPU time, ms at the same slowdown (mainThreadCpuMs): what the main thread
   * computed, without the time it waited for a core that another process held.
   */
  mainThreadCpu: number;
  /** The performance score, 0 to 100. */
  performance: number;
};

export const medianFigures = (runs: PageFigures[]): PageFigures => ({
  fcp: median(runs.map((run) => run.fcp)),
  lcp: median(runs.map((run) => run.lcp)),
  tbt: median(runs.map((run) => run.tbt)),
  cls: median(runs.map((run) => run.cls)),
  mainThread: median(runs.map((run) => run.mainThread)),
  mainThreadCpu: median(runs.map((run) => run.mainThreadCpu)),
  performance: median(runs.map((run) => run.performance)),
});

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

/**
 * The CPU time of the page's main thread in a Lighthouse trace, ms, times `slowdown` (the preset's
 * CPU slowdown, as Lighthouse scales its own figure): the thread time (`tdur`) of its top-level
 * tasks. Lighthouse's main-thread work adds up the same tasks' wall-clock durations, which on a
 * shared 2-core machine include every moment the thread waited for a core held by the browser's
 * other processes, the server or Lighthouse itself.
 */
export function mainThreadCpuMs(events: TraceEvent[], slowdown: number): number {
  const main = pageMainThread(events);
  if (!main) return Number.NaN;
  const cpu = topLevelTasks(events, main).reduce((sum, task) => sum + (task.tdur ?? 0), 0);
  return (cpu / 1000) * slowdown;
}

const threadOf = (event: TraceEvent) => `${event.pid}:${event.tid}`;

/**
 * The page's main thread in a trace, as "pid:tid": the renderer main thread with the most events
 * (an about:blank renderer has a few).
 */
function pageMainThread(events: TraceEvent[]): string | undefined {
  const threadNames = new Map<string, string | undefined>();
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name') threadNames.set(threadOf(event), event.args?.name);
  const counts = new Map<string, number>();
  for (const event of events) {
    const thread = threadOf(event);
    if (threadNames.get(thread) === 'CrRendererMain') counts.set(thread, (counts.get(thread) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The thread's top-level tasks, in order (a task nested in another is left out). */
function topLevelTasks(events: TraceEvent[], thread: string): TraceEvent[] {
  const tasks = events
    .filter(
      (event) =>
        threadOf(event) === thread &&
        event.ph === 'X' &&
        (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask'),
    )
    .sort((a, b) => a.ts - b.ts);
  let end = Number.NEGATIVE_INFINITY;
  return tasks.filter((task) => {
    if (task.ts < end) return false;
    end = task.ts + (task.dur ?? 0);
    return true;
  });
}

/**
 * The trace as if the page's main thread had never waited for a core (decision 125): each of its
 * top-level tasks shrunk to its thread time (`tdur`), and every event of the thread inside it
 * shrunk and moved with it, so that a task starts where it started and its parts keep their
 * order and shares. Lighthouse's simulation multiplies each task's duration by the CPU slowdown;
 * on a shared machine that duration includes every moment another process held the core, which a
 * visitor's phone does not have. Returns new events; the others are left as they were.
 */
export function withoutWaitForCore<E extends TraceEvent>(events: E[]): E[] {
  const main = pageMainThread(events);
  if (!main) return events;
  const tasks = topLevelTasks(events, main).filter((task) => (task.dur ?? 0) > 0 && task.tdur !== undefined);
  const starts = tasks.map((task) => task.ts);
  return events.map((event) => {
    if (threadOf(event) !== main) return event;
    // The last task that starts at or before the event: a binary search over the starts.
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((starts[middle] as number) <= event.ts) low = middle;
      else high = middle - 1;
    }
    const task = tasks[low];
    if (!task || task.ts > event.ts || event.ts > task.ts + (task.dur ?? 0)) return event;
    const share = Math.min(1, (task.tdur ?? 0) / (task.dur ?? 1));
    return {
      ...event,
      ts: task.ts + (event.ts - task.ts) * share,
      ...(event.dur === undefined ? {} : { dur: event.dur * share }),
    };
  });
}

/**
 * The public pages' budgets (docs/decisions/005 and 030), on the medians of the runs. Blocking
 * time and main-thread work are held against the static reference measured in the same run (the
 * same page without its scripts), so that they hold on a loaded machine as on a quiet one; the
 * absolute ceilings keep a slow reference from excusing a slow page.
 */
export const PAGE_BUDGETS = {
  performance: 97,
  fcpMs: 1_400,
  lcpMs: 1_600,
  tbtMs: 200,
  tbtOverReferenceMs: 100,
  mainThreadRatio: 1.5,
  /** Layout shift is a visible jump: none allowed (Lighthouse reports it to 3 decimals). */
  cls: 0.005,
} as const;

/** The budgets a page misses, in words; empty when it meets them all. */
export function pageBudgetFailures(ours: PageFigures, reference: PageFigures): string[] {
  const b = PAGE_BUDGETS;
  const failures: string[] = [];
  const ms = (value: number) => `${Math.round(value)} ms`;
  if (!(ours.performance >= b.performance))
    failures.push(`performance ${ours.performance} < ${b.performance}`);
  if (!(ours.fcp <= b.fcpMs)) failures.push(`FCP ${ms(ours.fcp)} > ${ms(b.fcpMs)}`);
  if (!(ours.lcp <= b.lcpMs)) failures.push(`LCP ${ms(ours.lcp)} > ${ms(b.lcpMs)}`);
  if (!(ours.cls < b.cls)) failures.push(`CLS ${ours.cls.toFixed(3)} (budget 0)`);
  if (!(ours.tbt <= b.tbtMs)) failures.push(`TBT ${ms(ours.tbt)} > ${ms(b.tbtMs)}`);
  if (!(ours.tbt <= reference.tbt + b.tbtOverReferenceMs))
    failures.push(`TBT ${ms(ours.tbt)} > reference ${ms(reference.tbt)} + ${ms(b.tbtOverReferenceMs)}`);
  if (!(ours.mainThread <= reference.mainThread * b.mainThreadRatio))
    failures.push(
      `main-thread work ${ms(ours.mainThread)} > ${b.mainThreadRatio} × reference ${ms(reference.mainThread)}`,
    );
  return failures;
}

/**
 * The static reference of a page: its server HTML with every script removed, everything else left
 * byte for byte (CSS, fonts, images, markup). Removed: `<script>` elements that run, inline or
 * external (classic, module, import maps), and the links that fetch scripts (`modulepreload`,
 * `preload` as script). Kept: data blocks (`application/ld+json`, `application/json`), which
 * nothing runs. HTML ends a script element's text at the first `</script` whatever it contains,
 * and React escapes `<` and `>` in attribute values, so a pattern finds exactly the elements a
 * parser would in the server's markup.
 */
export function stripScripts(html: string): string {
  return html
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi, (element, attributes: string) =>
      isDataBlock(attributes) ? element : '',
    )
    .replace(/<link\b([^>]*)>/gi, (element, attributes: string) =>
      fetchesScript(attributes) ? '' : element,
    );
}

const attribute = (attributes: string, name: string) =>
  new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(attributes)
    ?.slice(1)
    .find((value) => value !== undefined)
    ?.trim()
    .toLowerCase();

function isDataBlock(attributes: string): boolean {
  const type = attribute(attributes, 'type');
  return type === 'application/ld+json' || type === 'application/json';
}

function fetchesScript(attributes: string): boolean {
  const rel = attribute(attributes, 'rel')?.split(/\s+/) ?? [];
  return (
    rel.includes('modulepreload') || (rel.includes('preload') && attribute(attributes, 'as') === 'script')
  );
}

/** A main-thread task longer than 50 ms, as [start, end] in ms on one clock. */
export type LongTask = readonly [start: number, end: number];

/**
 * When a screen becomes usable: its content is on screen (`contentAt`) and the main thread is free
 * to answer a tap, that is the end of the last long task before a window of `quietMs` without any
 * (the rule of Lighthouse's Time to Interactive, on a shorter window). NaN when the content never
 * came.
 */
export function usableAt(contentAt: number, longTasks: readonly LongTask[], quietMs: number): number {
  if (Number.isNaN(contentAt)) return Number.NaN;
  let at = contentAt;
  for (;;) {
    const blocking = longTasks.filter(([start, end]) => end > at && start < at + quietMs);
    if (blocking.length === 0) return at;
    at = Math.max(...blocking.map(([, end]) => end));
  }
}

/** React Router's browser manifest (build/client/assets/manifest-<hash>.js), the parts read here. */
export type RouterManifest = {
  entry: { module: string; imports?: string[] };
  routes: Record<
    string,
    { id: string; parentId?: string; path?: string; module: string; imports?: string[] }
  >;
};

/**
 * The scripts a document load of a route fetches before it runs (what React Router's server
 * renders as module preloads and imports): the client entry and, for the route and each of its
 * parent routes, its module and the modules it imports statically. Lazy chunks are not counted.
 */
export function routeFirstLoadScripts(manifest: RouterManifest, routeId: string): string[] {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let id: string | undefined = routeId; id; ) {
    const route: RouterManifest['routes'][string] | undefined = manifest.routes[id];
    if (!route) throw new Error(`No route ${id} in the manifest`);
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
    id = route.parentId;
  }
  return [...files];
}
