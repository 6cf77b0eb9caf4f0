/**
 * Visitors first (docs/decisions/121-visitors-first.md). The background senders (the email
 * outbox, the campaigns, the staff's push notifications) run on the thread that answers the
 * visitors. Sending one email costs that thread several times what storing a lead does, and during
 * a burst of leads the outbox sent each lead's email as it came while the push worker, woken after
 * every lead, looked for work dozens of times a second: time taken from the visitors' wait (7 %
 * of the leads' rate, measured). A sender now takes its `turn()` before each item: while visitors'
 * requests keep the thread busy, it waits (its rows are safe in the database, the lead already
 * stored and announced live); it never waits more than `maxWaitMs` for one item, so a load that
 * never ends still lets every message out, slower.
 */
import { performance } from 'node:perf_hooks';

export type VisitorsFirst = {
  /** Called for every HTTP request the server receives. */
  requestArrived(): void;
  /** Resolves once a background sender may take the thread for its next item. */
  turn(): Promise<void>;
};

/** The event loop's cumulative busy and idle milliseconds (`performance.eventLoopUtilization()`). */
export type LoopTime = { active: number; idle: number };

export type VisitorsFirstOptions = {
  /** The thread counts as busy over a window when it spent at least this share of it working. */
  busyShare?: number;
  /** The span over which the thread's work and the requests are counted. */
  windowMs?: number;
  /** How long a sender waits at most for one item. */
  maxWaitMs?: number;
  /** How often a waiting sender looks again. */
  pauseMs?: number;
  /** For tests: the clock, the loop's counters and the pause. */
  now?: () => number;
  loopTime?: () => LoopTime;
  sleep?: (ms: number) => Promise<void>;
};

export function createVisitorsFirst(options: VisitorsFirstOptions = {}): VisitorsFirst {
  const busyShare = options.busyShare ?? 0.85;
  const windowMs = options.windowMs ?? 200;
  const maxWaitMs = options.maxWaitMs ?? 1_000;
  const pauseMs = options.pauseMs ?? 20;
  const now = options.now ?? (() => performance.now());
  const loopTime = options.loopTime ?? (() => performance.eventLoopUtilization());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  let window = { start: now(), loop: loopTime(), requests: 0 };
  /** The last whole window: the share of it the thread worked, and the requests it received. */
  let last = { busy: 0, requests: 0 };

  function roll(): void {
    const at = now();
    if (at - window.start < windowMs) return;
    const loop = loopTime();
    const active = loop.active - window.loop.active;
    const idle = loop.idle - window.loop.idle;
    last = { busy: active + idle > 0 ? active / (active + idle) : 0, requests: window.requests };
    window = { start: at, loop, requests: 0 };
  }

  /** Visitors keep the thread busy: requests came in, and the thread had no time to spare. */
  function visitorsWaiting(): boolean {
    roll();
    return last.requests + window.requests > 0 && last.busy >= busyShare;
  }

  return {
    requestArrived() {
      window.requests += 1;
    },
    async turn() {
      const started = now();
      while (visitorsWaiting() && now() - started < maxWaitMs) await sleep(pauseMs);
    },
  };
}
