// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPage, privacySignals } from '#tests/helpers/audience-page.ts';
import { startAudience } from './start';
import { currentVisit } from './visit';

let idle: (() => void)[] = [];
beforeEach(() => {
  idle = [];
  sessionStorage.clear();
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  privacySignals({});
});

describe('the audience measurement on a public page', () => {
  it('records the page in the visit at once, and loads the beacon only once the page is idle', async () => {
    openPage('/services?utm_source=linkedin');
    const startBeacon = vi.fn();
    const load = vi.fn(async () => ({ startBeacon }));
    startAudience(load);

    expect(currentVisit()).toMatchObject({ landingPath: '/services', utmSource: 'linkedin', pagesSeen: 1 });
    expect(load).not.toHaveBeenCalled();
    for (const run of idle) run();
    await vi.waitFor(() => expect(startBeacon).toHaveBeenCalledOnce());
  });

  it('does not even load the beacon when the browser asks not to be tracked', () => {
    privacySignals({ globalPrivacyControl: true });
    openPage('/');
    const load = vi.fn(async () => ({ startBeacon: vi.fn() }));
    startAudience(load);
    for (const run of idle) run();
    expect(idle).toEqual([]);
    expect(load).not.toHaveBeenCalled();
    expect(currentVisit()).toBeUndefined();
  });

  it('waits until a page the browser prerendered is shown: never shown, never counted', async () => {
    openPage('/services');
    Object.defineProperty(document, 'prerendering', { configurable: true, get: () => true });
    const startBeacon = vi.fn();
    const load = vi.fn(async () => ({ startBeacon }));
    try {
      startAudience(load);
      for (const run of idle) run();
      expect(load).not.toHaveBeenCalled();
      expect(sessionStorage.length).toBe(0);
      // The visitor opens it.
      Object.defineProperty(document, 'prerendering', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('prerenderingchange'));
    } finally {
      Reflect.deleteProperty(document, 'prerendering');
    }
    expect(currentVisit()).toMatchObject({ landingPath: '/services', pagesSeen: 1 });
    for (const run of idle) run();
    await vi.waitFor(() => expect(startBeacon).toHaveBeenCalledOnce());
  });

  it('never breaks the page when the beacon cannot be loaded (offline, a new version deployed)', async () => {
    openPage('/');
    const load = vi.fn(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    startAudience(load);
    for (const run of idle) run();
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce());
  });
});
