/**
 * One simulated phone on any host (docs/decisions/124-perf-calibrated-cpu.md). Lighthouse's CPU
 * slowdown is relative to the host: its mobile preset's fixed 4× turns a high-end desktop (benchmark
 * index about 1,500) into its target phone, a Moto G4-class device, but a faster host into a faster
 * phone and a slower host into a slower one. So `npm run perf` measures the host's speed the way
 * Lighthouse does (`benchmarkIndex`, higher is faster) and sets the slowdown that Lighthouse's own
 * calibration gives for it: the curve of its CPU throttling calculator, which its
 * docs/throttling.md ("Calibrating the CPU slowdown") points to.
 */
import type { Browser } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { median } from './perf-figures.ts';

/** Below this index the host is too slow to stand for the target phone (the calculator says so). */
export const SLOWEST_HOST_INDEX = 150;

/**
 * The CPU slowdown that makes a host of this benchmark index behave like Lighthouse's target
 * phone, to one decimal: the calculator's three linear pieces (150 → 1×, 800 → 2×, 1,300 → 3×,
 * then one more for each 233 above 1,300: 1,533 → 4×, 2,000 → 6×).
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (!(benchmarkIndex >= SLOWEST_HOST_INDEX))
    throw new Error(
      `This host (benchmark index ${benchmarkIndex}) is too slow to stand for the target phone: Lighthouse's calibration needs ${SLOWEST_HOST_INDEX} at least.`,
    );
  const multiplier =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Math.round(multiplier * 10) / 10;
}

/**
 * The host's benchmark index now, per second of CPU time, the median of `samples`: Lighthouse's
 * own page function (about a second in a blank page), whose count of iterations in a second of
 * clock time is divided by the share of that second the page's main thread computed (Chromium's
 * `ThreadTime` against its clock). On an idle host that share is about 1 and the index is
 * Lighthouse's; on a shared one it is the speed of the core when the page has it, not the
 * waits for it, which the simulation leaves out too (decisions 125 and 126). `clockTime` gives
 * Lighthouse's own index, per second of clock time (before decision 126).
 */
export async function hostBenchmarkIndex(
  browser: Browser,
  samples = 3,
  { clockTime = false }: { clockTime?: boolean } = {},
): Promise<number> {
  const page = await browser.newPage();
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    const clocks = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
      return { wall: metric('Timestamp'), cpu: metric('ThreadTime') };
    };
    const values: number[] = [];
    for (let sample = 0; sample < samples; sample++) {
      const before = await clocks();
      const index: number = await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
      const after = await clocks();
      const share = (after.cpu - before.cpu) / (after.wall - before.wall);
      values.push(share > 0 && !clockTime ? index / Math.min(1, share) : index);
    }
    return median(values);
  } finally {
    await page.close();
  }
}

/**
 * The slowdown of the next run: calibrated on the median of the host's last `window` benchmark
 * indexes (each Lighthouse run measures one), so that it follows the load of a shared machine and
 * interleaved runs get the same; or a fixed one (PERF_CPU_SLOWDOWN, to compare with Lighthouse's
 * default 4×).
 */
export class CpuCalibration {
  readonly indexes: number[] = [];
  readonly slowdowns: number[] = [];

  private readonly fixed: number | undefined;
  private readonly window: number;

  constructor(fixed?: number, window = 6) {
    this.fixed = fixed;
    this.window = window;
  }

  record(benchmarkIndex: number) {
    if (Number.isFinite(benchmarkIndex) && benchmarkIndex > 0) this.indexes.push(benchmarkIndex);
  }

  /** The slowdown to use now; noted, for the report. */
  next(): number {
    const slowdown = this.fixed ?? calibratedSlowdown(median(this.indexes.slice(-this.window)));
    this.slowdowns.push(slowdown);
    return slowdown;
  }
}
