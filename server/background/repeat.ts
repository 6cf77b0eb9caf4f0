/**
 * A task run on a timer in every instance (the purge of stale newsletter sign-ups, the reminder of
 * unanswered leads): first `firstAfterMs` after the start, then every `intervalMs`. The timers never
 * keep the process alive; `run` reports its own failures.
 */
export function repeatEvery(
  run: () => Promise<void>,
  intervalMs: number,
  firstAfterMs = 60_000,
): { stop(): void } {
  const first = setTimeout(run, firstAfterMs);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
