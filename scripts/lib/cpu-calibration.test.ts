/** The CPU slowdown of `npm run perf`, calibrated to the host (scripts/lib/cpu-calibration.ts). */
import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/chromium.ts';
import { CpuCalibration, calibratedSlowdown, hostBenchmarkIndex } from './cpu-calibration.ts';

describe('the CPU slowdown for a host', () => {
  it('is the one Lighthouse’s calculator gives: 4× for the high-end desktop its preset assumes, more for a faster host, less for a slower one', () => {
    expect(calibratedSlowdown(1533)).toBe(4);
    expect(calibratedSlowdown(2000)).toBe(6);
    expect(calibratedSlowdown(2230)).toBe(7);
    expect(calibratedSlowdown(1300)).toBe(3);
    expect(calibratedSlowdown(1050)).toBe(2.5);
    expect(calibratedSlowdown(800)).toBe(2);
    expect(calibratedSlowdown(475)).toBe(1.5);
    expect(calibratedSlowdown(150)).toBe(1);
  });

  it('refuses a host too slow to stand for the phone, or an index that was not measured', () => {
    expect(() => calibratedSlowdown(120)).toThrow(/too slow to stand for the target phone/);
    expect(() => calibratedSlowdown(Number.NaN)).toThrow(/too slow/);
  });

  it('follows the host’s last indexes, so that a busier machine gets a smaller slowdown', () => {
    const calibration = new CpuCalibration(undefined, 3);
    for (const index of [2000, 2000, 2000]) calibration.record(index);
    expect(calibration.next()).toBe(6);
    for (const index of [1300, 1300]) calibration.record(index);
    expect(calibration.next()).toBe(3);
    expect(calibration.slowdowns).toEqual([6, 3]);
  });

  it('keeps a fixed slowdown when one is asked for', () => {
    const calibration = new CpuCalibration(4);
    calibration.record(2300);
    expect(calibration.next()).toBe(4);
  });

  it('measures this host in Debian’s Chromium as Lighthouse does', { timeout: 30_000 }, async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const index = await hostBenchmarkIndex(browser, 1);
      // Any machine that runs this suite is far above a low-end phone (about 125).
      expect(index).toBeGreaterThan(150);
      expect(calibratedSlowdown(index)).toBeGreaterThanOrEqual(1);
    } finally {
      await browser.close();
    }
  });
});
