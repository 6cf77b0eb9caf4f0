/**
 * A public page opened in a happy-dom tab, for the audience measurement's browser tests
 * (app/lib/audience): its address, the page it came from, how it was opened (Navigation Timing's
 * type) and its own document (a new `performance.timeOrigin`), and the browser's privacy signals.
 * Restore with `vi.restoreAllMocks()` and `privacySignals({})`.
 */
import { vi } from 'vitest';

let documents = 1_000;

export function openPage(
  url: string,
  { referrer = '', type = 'navigate' }: { referrer?: string; type?: NavigationTimingType } = {},
) {
  history.replaceState(null, '', url);
  Object.defineProperty(document, 'referrer', { configurable: true, get: () => referrer });
  const origin = ++documents;
  vi.spyOn(performance, 'timeOrigin', 'get').mockReturnValue(origin);
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((kind: string) =>
    kind === 'navigation' ? ([{ type }] as unknown as PerformanceEntryList) : [],
  );
}

/** The browser's Do Not Track and Global Privacy Control, as `navigator` reports them. */
export function privacySignals({
  doNotTrack = null,
  globalPrivacyControl,
}: {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
}) {
  Object.defineProperty(navigator, 'doNotTrack', { configurable: true, get: () => doNotTrack });
  Object.defineProperty(navigator, 'globalPrivacyControl', {
    configurable: true,
    get: () => globalPrivacyControl,
  });
}
