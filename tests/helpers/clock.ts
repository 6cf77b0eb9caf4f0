/**
 * A test that shows dates against today ("aujourd'hui", the week, a call still ahead, a date that
 * must be in the future) runs at a fixed moment, whatever the day it runs: a clean clone's CI on
 * 2026-12-02 failed because the agenda test's fixed week was, that day, the real one.
 *
 * Only `Date` is faked: timers keep their real pace, so Testing Library's waits, fetch stubs and
 * servers behave as usual. The clock stands still at `now` until the test moves it with
 * `vi.setSystemTime`. A whole process's clock (a production server under Playwright, and its
 * database) is moved by libfaketime instead (docs/decisions/074-test-clock.md).
 */
import { afterEach, beforeEach, vi } from 'vitest';

/** From now on (until `vi.useRealTimers()`), `new Date()` and `Date.now()` say `now`. */
export function setTestClock(now: Date | string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(now));
}

/** Each test of the enclosing file or `describe` runs at `now`; the real clock comes back after it. */
export function runEachTestAt(now: Date | string) {
  beforeEach(() => setTestClock(now));
  afterEach(() => {
    vi.useRealTimers();
  });
}
