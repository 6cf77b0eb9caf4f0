import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { audienceEvents } from '#db/schema.ts';
import { readEnv } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { recordEvents, waitForEvent } from '#tests/helpers/events.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import { startVisitorsNow } from './audience-now.ts';
import { type AppEvent, createEventBus, type EventBus } from './event-bus.ts';

let database: DatabaseHandle;
let bus: EventBus;
const events: AppEvent[] = [];
const logger = createLogger(readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
let clock = new Date('2026-03-04T10:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  bus = createEventBus(database, logger);
  await recordEvents(bus, events);
});
afterAll(async () => {
  await bus?.stop();
  await database?.close();
});

const visit = (visitorKey: string, at: Date) =>
  database.db.insert(audienceEvents).values({
    at,
    day: '2026-03-04',
    visitorKey,
    type: 'pageview',
    path: '/',
    source: 'Accès direct',
    device: 'mobile',
    browser: 'Chrome',
  });
const counts = () =>
  events.flatMap((event) => (event.type === 'visitors_now' ? [event.data.visitors] : ([] as number[])));

describe('the "En ce moment" publisher', () => {
  it('publishes the visitors of the last 5 minutes on the audience channel, only when the count changed', async () => {
    const publisher = startVisitorsNow({ db: database.db, events: bus, logger, now: () => clock });
    try {
      await visit('a', new Date(clock.getTime() - 60_000));
      await visit('b', new Date(clock.getTime() - 2 * 60_000));
      await publisher.tick();
      const first = await waitForEvent(events, (event) => event.type === 'visitors_now');
      expect(first).toEqual({
        channel: 'audience',
        type: 'visitors_now',
        data: { visitors: 2, at: '2026-03-04T10:00:00.000Z' },
      });

      // Same count 15 s later: nothing sent.
      clock = new Date(clock.getTime() + 15_000);
      await publisher.tick();
      // A third visitor arrives: the new count goes out.
      await visit('c', clock);
      clock = new Date(clock.getTime() + 15_000);
      await publisher.tick();
      await waitForEvent(events, (event) => event.type === 'visitors_now' && event.data.visitors === 3);
      expect(counts()).toEqual([2, 3]);

      // Four minutes later, a and b are older than 5 minutes.
      clock = new Date(clock.getTime() + 4 * 60_000);
      await publisher.tick();
      await waitForEvent(events, (event) => event.type === 'visitors_now' && event.data.visitors === 1);
      expect(counts()).toEqual([2, 3, 1]);
    } finally {
      await publisher.stop();
    }
  });

  it('stays quiet when another instance already published the same count', async () => {
    events.length = 0;
    const publisher = startVisitorsNow({ db: database.db, events: bus, logger, now: () => clock });
    try {
      await bus.publish(database.db, {
        channel: 'audience',
        type: 'visitors_now',
        data: { visitors: 1, at: clock.toISOString() },
      });
      await waitForEvent(events, (event) => event.type === 'visitors_now');
      await publisher.tick();
      await visit('d', clock);
      await publisher.tick();
      await waitForEvent(events, (event) => event.type === 'visitors_now' && event.data.visitors === 2);
      expect(counts()).toEqual([1, 2]);
    } finally {
      await publisher.stop();
    }
  });
});
