/**
 * The pure parts of `npm run perf` (scripts/perf.ts): medians, the public pages' budgets against the
 * static reference measured in the same run, the static reference's HTML (the page with its scripts
 * removed), when a back-office screen is usable, the scripts an admin route loads first, a
 * run's trace without the main thread's wait for a core (decision 125), and a trace's main thread
 * replayed on the simulated phone (decision 126).
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

export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    data?: { requestId?: string; timerId?: number; id?: number };
    beginData?: { url?: string };
  };
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
 * The page's main thread in a trace, as "pid:tid": of the renderer main threads that parsed a
 * web document (`ParseHTML` of an http(s) address), the one with the most events. The browser's
 * own pages (about:blank, its chrome:// screens) have renderer main threads too, sometimes busier
 * than the page's; without any web document, the busiest renderer main thread.
 */
function pageMainThread(events: TraceEvent[]): string | undefined {
  const threadNames = new Map<string, string | undefined>();
  const webDocuments = new Set<string>();
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'thread_name') threadNames.set(threadOf(event), event.args?.name);
    if (event.name === 'ParseHTML' && /^https?:/.test(event.args?.beginData?.url ?? ''))
      webDocuments.add(threadOf(event));
  }
  const counts = new Map<string, number>();
  for (const event of events) {
    const thread = threadOf(event);
    if (threadNames.get(thread) === 'CrRendererMain') counts.set(thread, (counts.get(thread) ?? 0) + 1);
  }
  const busiest = (threads: [string, number][]) => threads.sort((a, b) => b[1] - a[1])[0]?.[0];
  return busiest([...counts].filter(([thread]) => webDocuments.has(thread))) ?? busiest([...counts]);
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
  return events.map((event) => {
    if (threadOf(event) !== main) return event;
    const task = tasks[lastStartingBy(tasks, event.ts)];
    if (!task || task.ts > event.ts || event.ts > task.ts + (task.dur ?? 0)) return event;
    const share = Math.min(1, (task.tdur ?? 0) / (task.dur ?? 1));
    return {
      ...event,
      ts: task.ts + (event.ts - task.ts) * share,
      ...(event.dur === undefined ? {} : { dur: event.dur * share }),
    };
  });
}

/** A trace event's time on the simulated phone, µs (`phoneClock`). */
export type PhoneClock = {
  /** The instant `ts` of the trace (µs) on the simulated phone's clock. */
  at: (ts: number) => number;
  /** The main thread's long tasks (over 50 ms) on the simulated phone, ms on its clock. */
  longTasks: LongTask[];
};

/** Over this, a task delays a tap enough to count (the Long Tasks API's threshold), ms. */
const LONG_TASK_MS = 50;

/**
 * The main-thread trace events that ask for something to come later (`post`) and those by which
 * it comes (`wait`), each with what they name: a request, a timer, an animation frame, an idle
 * callback.
 */
const WAKE_UPS: Record<string, { role: 'post' | 'wait'; kind: string; id: 'requestId' | 'timerId' | 'id' }> =
  {
    ResourceSendRequest: { role: 'post', kind: 'request', id: 'requestId' },
    ResourceReceiveResponse: { role: 'wait', kind: 'request', id: 'requestId' },
    ResourceReceivedData: { role: 'wait', kind: 'request', id: 'requestId' },
    ResourceFinish: { role: 'wait', kind: 'request', id: 'requestId' },
    TimerInstall: { role: 'post', kind: 'timer', id: 'timerId' },
    TimerFire: { role: 'wait', kind: 'timer', id: 'timerId' },
    RequestAnimationFrame: { role: 'post', kind: 'frame', id: 'id' },
    FireAnimationFrame: { role: 'wait', kind: 'frame', id: 'id' },
    RequestIdleCallback: { role: 'post', kind: 'idle', id: 'id' },
    FireIdleCallback: { role: 'wait', kind: 'idle', id: 'id' },
  };

/** The index of the last of `tasks` (sorted by start) starting at or before `ts`; -1 when none. */
function lastStartingBy(tasks: readonly TraceEvent[], ts: number): number {
  let low = -1;
  let high = tasks.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((tasks[middle] as TraceEvent).ts <= ts) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The page's main thread replayed on a phone `slowdown` times slower than this host, from a trace
 * recorded without CPU throttling (decision 126). Each top-level task lasts its own CPU time
 * (`tdur`) × `slowdown` (a task without thread time keeps its clock time); the tasks run one after
 * another in the trace's order, each once the thread is free and what woke it has come:
 * - a network reply, as long after its request as in the trace, the request leaving when the task
 *   that sent it got there on the phone;
 * - a timer, an animation frame or an idle callback, as much later as the moment it was asked for;
 * - anything else (a tap, a message from the browser), when it came in the trace.
 * The network and the server keep their own time; the phone's slower CPU moves what waits on it.
 */
export function phoneClock(
  events: TraceEvent[],
  slowdown: number,
  main: string | undefined = pageMainThread(events),
): PhoneClock {
  const tasks = main ? topLevelTasks(events, main).filter((task) => (task.dur ?? 0) > 0) : [];
  const inTask = (ts: number) => {
    const index = lastStartingBy(tasks, ts);
    const task = tasks[index];
    return task && ts <= task.ts + (task.dur ?? 0) ? index : -1;
  };
  // What each task asked for, and what it waited for.
  const posts = tasks.map((): { key: string; ts: number }[] => []);
  const waits = tasks.map((): string[] => []);
  for (const event of events) {
    const wakeUp = WAKE_UPS[event.name];
    const id = wakeUp && event.args?.data?.[wakeUp.id];
    if (!wakeUp || id === undefined || threadOf(event) !== main) continue;
    const index = inTask(event.ts);
    const key = `${wakeUp.kind}:${id}`;
    if (wakeUp.role === 'post') posts[index]?.push({ key, ts: event.ts });
    else waits[index]?.push(key);
  }
  // How much later on the phone than in the trace each thing asked for was asked.
  const delays = new Map<string, number>();
  const starts: number[] = [];
  const rates: number[] = [];
  let free = Number.NEGATIVE_INFINITY;
  tasks.forEach((task, i) => {
    const dur = task.dur ?? 0;
    const rate = (task.tdur === undefined ? dur : task.tdur * slowdown) / dur;
    const woken = task.ts + Math.max(0, ...(waits[i] ?? []).map((key) => delays.get(key) ?? 0));
    const start = Math.max(free, woken);
    for (const post of posts[i] ?? []) delays.set(post.key, start + (post.ts - task.ts) * rate - post.ts);
    starts.push(start);
    rates.push(rate);
    free = start + dur * rate;
  });
  const at = (ts: number) => {
    const index = lastStartingBy(tasks, ts);
    const task = tasks[index];
    if (!task) return ts;
    const start = starts[index] as number;
    const rate = rates[index] as number;
    const dur = task.dur ?? 0;
    // Between two tasks: as it was, or once the task before has ended on the phone.
    if (ts > task.ts + dur) return Math.max(ts, start + dur * rate);
    return start + (ts - task.ts) * rate;
  };
  const longTasks = tasks.flatMap((task, i): LongTask[] => {
    const ms = ((task.dur ?? 0) * (rates[i] as number)) / 1000;
    const start = (starts[i] as number) / 1000;
    return ms > LONG_TASK_MS ? [[start, start + ms]] : [];
  });
  return { at, longTasks };
}

/** A sign-in as the simulated phone lives it, ms after the click (`SignInRun` in admin-phone.ts). */
export type ReplayedSignIn = {
  /** The screen's content on screen. */
  contentMs: number;
  /** The screen usable (content, then the quiet window without long tasks). */
  usableMs: number;
  /** Long tasks from the click until usable: their count and their total, ms. */
  longTasks: number;
  longTaskMs: number;
};

/**
 * A sign-in's trace, recorded at the host's speed, replayed on the simulated phone (`phoneClock`):
 * the click and the content are the page's User Timing marks `perf:click` and `perf:content`
 * (the thread that marked the click is the page's main thread), and
 * the screen is usable as `usableAt` says, on the phone's clock. Throws when a mark is missing or
 * when the trace stops before the quiet window has passed on the phone's clock (the recording was
 * too short to tell).
 */
export function replayedSignIn(events: TraceEvent[], slowdown: number, quietMs: number): ReplayedSignIn {
  const mark = (name: string) => {
    const event = events.find((candidate) => candidate.name === name);
    if (!event) throw new Error(`the trace has no ${name} mark`);
    return event;
  };
  const clicked = mark('perf:click');
  // The page's main thread is the one that marked the click (the browser's own pages have one too).
  const clock = phoneClock(events, slowdown, threadOf(clicked));
  const click = clock.at(clicked.ts) / 1000;
  const content = clock.at(mark('perf:content').ts) / 1000;
  const tasks = clock.longTasks.filter(([, end]) => end > click);
  const usable = usableAt(content, tasks, quietMs);
  const last = events.reduce((at, event) => Math.max(at, event.ts + (event.dur ?? 0)), 0);
  const end = clock.at(last) / 1000;
  if (usable + quietMs > end)
    throw new Error(
      `the trace stops ${Math.round(usable + quietMs - end)} ms too early on the phone's clock`,
    );
  const before = tasks.filter(([start]) => start < usable);
  return {
    contentMs: content - click,
    usableMs: usable - click,
    longTasks: before.length,
    longTaskMs: before.reduce((sum, [start, taskEnd]) => sum + taskEnd - start, 0),
  };
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
