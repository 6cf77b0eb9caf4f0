/**
 * Runs `run` after the page's own work: at `load`, then when the main thread is idle (or after
 * `timeout` ms at the latest). For work that must never compete with the first paint.
 */
export function whenIdle(run: () => void, timeout = 3_000): void {
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout }) : setTimeout(run, 1_000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
