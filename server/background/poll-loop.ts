/**
 * The life cycle shared by the background senders (the email outbox, the campaigns): one run at a
 * time, a poll every `pollIntervalMs`, `wake()` when work was just committed, and `stop()` that
 * waits for the run in flight. The run reads `isStopping()` between sends to end early.
 */
import type { Logger } from '../logger.ts';

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

export type PollLoopOptions<T> = {
  run: () => Promise<T>;
  pollIntervalMs: number;
  logger: Logger;
  /** Logged with the error when a run throws; the next poll tries again. */
  failureMessage: string;
};

export function createPollLoop<T>(options: PollLoopOptions<T>): PollLoop<T> & { isStopping(): boolean } {
  const { run, pollIntervalMs, logger, failureMessage } = options;
  let running: Promise<T> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopping = false;
  let wakeRequested = false;

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
    wakeRequested = false;
    try {
      await runOnce();
    } catch (error) {
      logger.error({ err: error }, failureMessage);
    }
    schedule(wakeRequested ? 0 : pollIntervalMs);
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
      // During a run the work may have been committed after the claim: run once more right after.
      if (running) wakeRequested = true;
      else schedule(0);
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
