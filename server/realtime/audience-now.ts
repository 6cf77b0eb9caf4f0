/**
 * "En ce moment" on the Audience screen (docs/decisions/084-first-party-audience.md): every
 * `intervalMs` (15 s), the visitors of the last 5 minutes are counted and, when the count changed,
 * published on the `audience` channel (`visitors_now`). Every instance runs it, but an instance that
 * heard another publish the same count stays quiet, so the screens get one message per change.
 */
import type { Database } from '#db/client.ts';
import { visitorsNow } from '../audience/fold.ts';
import type { Logger } from '../logger.ts';
import type { EventBus } from './event-bus.ts';

export const VISITORS_NOW_INTERVAL_MS = 15_000;

export type VisitorsNowPublisher = {
  /** One count, published when it changed (the timer calls it; tests call it directly). */
  tick(): Promise<void>;
  /** Stops the timer and waits for a count in flight (before the database closes). */
  stop(): Promise<void>;
};

export function startVisitorsNow(options: {
  db: Database;
  events: Pick<EventBus, 'publish' | 'subscribe'>;
  logger: Logger;
  now?: () => Date;
  intervalMs?: number;
}): VisitorsNowPublisher {
  const { db, events, logger, now = () => new Date() } = options;
  /** The last count published, by this instance or another. */
  let last: number | undefined;
  let running: Promise<void> | undefined;
  const unsubscribe = events.subscribe((event) => {
    if (event.channel === 'audience' && event.type === 'visitors_now') last = event.data.visitors;
  });

  async function count(): Promise<void> {
    const at = now();
    const visitors = await visitorsNow(db, at);
    if (visitors === last) return;
    last = visitors;
    await events.publish(db, {
      channel: 'audience',
      type: 'visitors_now',
      data: { visitors, at: at.toISOString() },
    });
  }

  function tick(): Promise<void> {
    running ??= count()
      .catch((error: unknown) => logger.warn({ err: error }, 'could not count the visitors of the moment'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const timer = setInterval(() => void tick(), options.intervalMs ?? VISITORS_NOW_INTERVAL_MS);
  timer.unref();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      unsubscribe();
      await running;
    },
  };
}
