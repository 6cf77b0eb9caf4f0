// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INACTIVITY_LOGOUT,
  INACTIVITY_WARNING_BEFORE,
  SESSION_KEEPALIVE_INTERVAL,
} from '#common/constants.ts';
import { formatCountdown, useInactivity } from './session';

const MINUTE = 60_000;

let stay: () => void = () => {};

function Probe({ onTimeout, onKeepAlive }: { onTimeout: () => void; onKeepAlive: () => void }) {
  const inactivity = useInactivity({ onTimeout, onKeepAlive });
  stay = inactivity.stayConnected;
  return <p>{inactivity.warning ? `avertissement ${formatCountdown(inactivity.remaining)}` : 'actif'}</p>;
}

function setup() {
  const onTimeout = vi.fn();
  const onKeepAlive = vi.fn();
  render(<Probe onTimeout={onTimeout} onKeepAlive={onKeepAlive} />);
  return { onTimeout, onKeepAlive };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const moveMouse = () => act(() => window.dispatchEvent(new MouseEvent('mousemove')));

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useInactivity (docs/product.md §4.4)', () => {
  it('warns 5 minutes before the 30-minute logout, counts down in m:ss, then times out once', () => {
    const { onTimeout } = setup();
    expect(INACTIVITY_LOGOUT - INACTIVITY_WARNING_BEFORE).toBe(25 * MINUTE);
    advance(25 * MINUTE - 2_000);
    expect(screen.getByText('actif')).toBeTruthy();
    advance(2_000);
    expect(screen.getByText('avertissement 5:00')).toBeTruthy();
    advance(61_000);
    expect(screen.getByText('avertissement 3:59')).toBeTruthy();
    expect(onTimeout).not.toHaveBeenCalled();
    advance(4 * MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    advance(10 * MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('any activity starts the 30 minutes again', () => {
    const { onTimeout } = setup();
    advance(20 * MINUTE);
    moveMouse();
    advance(20 * MINUTE);
    expect(screen.getByText('actif')).toBeTruthy();
    act(() => window.dispatchEvent(new Event('scroll')));
    advance(29 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
    advance(2 * MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('while the warning shows, only its buttons count: moving the mouse does not close it; staying does', () => {
    const { onTimeout, onKeepAlive } = setup();
    advance(26 * MINUTE);
    moveMouse();
    advance(1_000);
    expect(screen.getByText(/^avertissement/)).toBeTruthy();
    onKeepAlive.mockClear();
    act(() => stay());
    expect(screen.getByText('actif')).toBeTruthy();
    // Staying renews the server session at once.
    expect(onKeepAlive).toHaveBeenCalledTimes(1);
    advance(24 * MINUTE);
    expect(screen.getByText('actif')).toBeTruthy();
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('tells the server the admin is active at most every 5 minutes', () => {
    const { onKeepAlive } = setup();
    for (let minute = 0; minute < 12; minute++) {
      advance(MINUTE);
      moveMouse();
    }
    expect(SESSION_KEEPALIVE_INTERVAL).toBe(5 * MINUTE);
    expect(onKeepAlive).toHaveBeenCalledTimes(2);
  });

  it('another tab’s activity keeps this tab signed in (one session for all tabs)', () => {
    const { onTimeout } = setup();
    advance(20 * MINUTE);
    localStorage.setItem('admin-last-activity', String(Date.now()));
    advance(20 * MINUTE);
    expect(screen.getByText('actif')).toBeTruthy();
    expect(onTimeout).not.toHaveBeenCalled();
  });
});

describe('formatCountdown', () => {
  it('shows minutes and two-digit seconds, rounding up, never below 0:00', () => {
    expect(formatCountdown(5 * MINUTE)).toBe('5:00');
    expect(formatCountdown(4 * MINUTE + 9_500)).toBe('4:10');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});
