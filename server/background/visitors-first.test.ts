import { describe, expect, it } from 'vitest';
import { createVisitorsFirst } from './visitors-first.ts';

/**
 * A simulated server thread: a clock in milliseconds, the event loop's busy and idle counters, and
 * at each millisecond `t` the share of it the visitors' requests keep the thread busy and how many
 * requests arrive (`profile(t)`). A sender's pause lets the simulated time run on.
 */
function simulatedThread(profile: (t: number) => { load: number; rate: number }) {
  let clock = 0;
  let pauses = 0;
  const loop = { active: 0, idle: 0 };
  let arriving = 0;
  const visitorsFirst = createVisitorsFirst({
    now: () => clock,
    loopTime: () => ({ ...loop }),
    sleep: async (ms) => {
      pauses += 1;
      advance(ms);
    },
  });
  function advance(ms: number) {
    for (let i = 0; i < ms; i++) {
      const { load, rate } = profile(clock);
      clock += 1;
      loop.active += load;
      loop.idle += 1 - load;
      for (arriving += rate; arriving >= 1; arriving -= 1) visitorsFirst.requestArrived();
    }
  }
  /** How long the next turn took to come, in simulated milliseconds, and how many pauses it made. */
  async function timeTurn() {
    const [from, pausesBefore] = [clock, pauses];
    await visitorsFirst.turn();
    return { waited: clock - from, pauses: pauses - pausesBefore };
  }
  return { advance, timeTurn };
}

describe('visitors first: a background sender waits while requests keep the thread busy', () => {
  it('a thread busy with the senders alone, no request coming in: every turn at once', async () => {
    const thread = simulatedThread(() => ({ load: 1, rate: 0 }));
    thread.advance(1_000);
    for (let i = 0; i < 5; i++) expect(await thread.timeTurn()).toEqual({ waited: 0, pauses: 0 });
  });

  it('requests coming in on a thread with time to spare: every turn at once', async () => {
    // 100 requests a second taking half the thread: the emails go out as the leads come.
    const thread = simulatedThread(() => ({ load: 0.5, rate: 0.1 }));
    thread.advance(1_000);
    for (let i = 0; i < 5; i++) expect(await thread.timeTurn()).toEqual({ waited: 0, pauses: 0 });
  });

  it('requests keeping the thread busy: a turn waits until the burst ends, then comes', async () => {
    // 1,000 requests a second keep the thread 95 % busy until t = 1,300 ms, then nothing comes.
    const thread = simulatedThread((t) => (t < 1_300 ? { load: 0.95, rate: 1 } : { load: 0, rate: 0 }));
    thread.advance(1_000);
    const { waited } = await thread.timeTurn();
    // The burst's 300 ms, then at most two windows (200 ms each) to see the thread free again.
    expect(waited).toBeGreaterThanOrEqual(300);
    expect(waited).toBeLessThanOrEqual(700);
    expect(await thread.timeTurn()).toEqual({ waited: 0, pauses: 0 });
  });

  it('a load that never ends: each turn still comes, after a second', async () => {
    const thread = simulatedThread(() => ({ load: 1, rate: 2 }));
    thread.advance(1_000);
    for (let i = 0; i < 3; i++) {
      const { waited } = await thread.timeTurn();
      expect(waited).toBeGreaterThanOrEqual(1_000);
      expect(waited).toBeLessThan(1_020);
    }
  });
});
