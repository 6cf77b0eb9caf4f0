import { type RefCallback, useCallback, useState } from 'react';

/**
 * Whether an element has come near the screen: within half a screen's height of it, above or
 * below. It stays true once it has been. For work that only matters when it is seen, such as the
 * back-office's charts (docs/decisions/124-perf-calibrated-cpu.md): a phone that signs in does not
 * download and draw them while its user taps the first screen. Where the browser cannot tell (no
 * IntersectionObserver), everything counts as near.
 */
export function useNearScreen<T extends Element>(): [RefCallback<T>, boolean] {
  const [near, setNear] = useState(false);
  const ref = useCallback((element: T | null) => {
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: '50% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, near];
}
