import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createPollLoop } from './poll-loop.ts';

const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A loop whose runs finish when the test says so; the poll interval is far beyond the test. */
function controlledLoop() {
  const finishers: (() => void)[] = [];
  let runs = 0;
  const loop = createPollLoop({
    run: () => {
      runs++;
      return new Promise<void>((resolve) => finishers.push(resolve));
    },
    pollIntervalMs: 60_000,
    logger,
    failureMessage: 'run failed',
  });
  return { loop, runs: () => runs, finish: () => finishers.shift()?.() };
}

describe('poll loop', () => {
  it('a wake() at any moment of a run, even as it ends, gets a run after it, never the next poll', async () => {
    // The work woken for may be committed after the run's claim, and the wake may land between the
    // run's end and the next schedule: every point of that window, microtask by microtask.
    for (let delay = 0; delay < 8; delay++) {
      const { loop, runs, finish } = controlledLoop();
      loop.start();
      await sleep(5);
      expect(runs()).toBe(1);
      finish();
      for (let i = 0; i < delay; i++) await Promise.resolve();
      loop.wake();
      await sleep(20);
      expect(runs(), `wake ${delay} microtasks after the run ended`).toBe(2);
      finish();
      await loop.stop();
    }
  });

  it('a wake() while a run started by runOnce() is in flight gets a run of its own after it', async () => {
    const { loop, runs, finish } = controlledLoop();
    loop.start();
    await sleep(5);
    finish();
    await sleep(5);
    expect(runs()).toBe(1);
    void loop.runOnce();
    expect(runs()).toBe(2);
    loop.wake();
    await sleep(5);
    finish();
    await sleep(5);
    expect(runs()).toBe(3);
    finish();
    await loop.stop();
  });
});

describe('poll loop, visitors first (decision 121)', () => {
  /** A loop whose every polled or woken run first waits for a turn the test gives. */
  function loopTakingTurns() {
    const turns: (() => void)[] = [];
    let runs = 0;
    const loop = createPollLoop({
      run: async () => {
        runs++;
      },
      pollIntervalMs: 60_000,
      logger,
      failureMessage: 'run failed',
      visitorsFirst: { requestArrived() {}, turn: () => new Promise<void>((go) => turns.push(go)) },
    });
    return { loop, turns, runs: () => runs };
  }

  it('a polled run, then a woken one, each waits for its turn, then runs', async () => {
    const { loop, turns, runs } = loopTakingTurns();
    for (const [index, ask] of [() => loop.start(), () => loop.wake()].entries()) {
      ask();
      await sleep(5);
      expect(turns).toHaveLength(index + 1);
      expect(runs(), 'no run before its turn').toBe(index);
      turns[index]?.();
      await sleep(5);
      expect(runs()).toBe(index + 1);
    }
    await loop.stop();
  });

  it('a loop stopped while its run waits for a turn does not run', async () => {
    const { loop, turns, runs } = loopTakingTurns();
    loop.start();
    await sleep(5);
    await loop.stop();
    turns[0]?.();
    await sleep(5);
    expect(runs()).toBe(0);
  });
});
