import { cleanup } from '@testing-library/react';
import { afterAll, vi } from 'vitest';

/**
 * The files of a worker share its modules, its globals and, for screen tests, one page
 * (`isolate: false` in vitest.config.ts): each file leaves them as it found them, whatever its
 * own tests did (a hydrated island appended to the body once leaked into the dashboard's tests).
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  if (typeof document === 'undefined') return;
  cleanup();
  document.head.replaceChildren();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
});
