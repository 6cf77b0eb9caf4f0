/**
 * The life cycle shared by the background senders (the email outbox, the campaigns): one run at a
 * time, a poll every `pollIntervalMs`, `wake()` when work was just committed, and `stop()` that
 * waits for the run in flight. The run reads `isStopping()` between sends to end early.
 */
import type { Database } from '#db/client.ts';
import type { Logger } from '../logger.ts';
import type { VisitorsFirst } from './visitors-first.ts';

export type PollLoop<T> = {
  /** Starts polling (every pollIntervalMs). */
  start(): void;
  /** Stops polling and waits for the run in flight. */
  stop(): Promise<void>;
  /** Asks for a run now (after work was committed); no-op until started. */
  wake(): void;
  /** One run. Concurrent calls share it. */
  runOnce(): Promise<T>;
};

/** What every background sender is given; `now` is its clock (tests drive it). */
export type SenderOptions = {
  db: Database;
  logger: Logger;
  now?: () => Date;
  pollIntervalMs?: number;
  /** Waited on before each item: visitors' requests keep the thread first (decision 121). */
  visitorsFirst?: VisitorsFirst;
};

export type PollLoopOptions<T> = {
  run: () => Promise<T>;
  pollIntervalMs: number;
  logger: Logger;
  /** Logged with the error when a run throws; the next poll tries again. */
  failureMessage: string;
  /** Waited on before each polled or woken run (decision 121); runOnce() does not wait. */
  visitorsFirst?: VisitorsFirst;
};

export function createPollLoop<T>(options: PollLoopOptions<T>): PollLoop<T> & { isStopping(): boolean } {
  const { run, pollIntervalMs, logger, failureMessage } = options;
  let running: Promise<T> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopping = false;
  /** A tick is between its start and its next schedule (its run included). */
  let ticking = false;
  /** Counts wake() calls: a tick that saw one arrive while it ran runs again at once. */
  let wakes = 0;

  function runOnce(): Promise<T> {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delayMs: number): void {
    if (!started || stopping) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    // The HTTP server keeps the process alive; a pending poll must not hold a shutdown.
    timer.unref();
  }

  async function tick(): Promise<void> {
    timer = undefined;
    ticking = true;
    const seen = wakes;
    try {
      // A run started elsewhere (runOnce) may have claimed before the work was committed: this
      // tick makes a run of its own.
      await running?.catch(() => {});
      // Woken after each lead, a sender would look for work dozens of times a second during a
      // burst: it looks once the visitors leave the thread time, or a second later.
      await options.visitorsFirst?.turn();
      if (stopping) return;
      await runOnce();
    } catch (error) {
      logger.error({ err: error }, failureMessage);
    } finally {
      ticking = false;
    }
    schedule(wakes !== seen ? 0 : pollIntervalMs);
  }

  return {
    start() {
      if (started) return;
      started = true;
      stopping = false;
      schedule(0);
    },
    async stop() {
      stopping = true;
      started = false;
      clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
    wake() {
      if (!started || stopping) return;
      wakes++;
      // During a tick (its run may have claimed before the work was committed, or it may be about
      // to schedule the next poll) the tick runs again right after; otherwise a run starts now.
      if (!ticking) schedule(0);
    },
    runOnce,
    isStopping: () => stopping,
  };
}

/** Longest last_error kept on a row. */
const LAST_ERROR_MAX = 1_000;

/** What goes into last_error: the message of the transport's error (already free of secrets). */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > LAST_ERROR_MAX ? `${text.slice(0, LAST_ERROR_MAX - 1)}…` : text;
}
