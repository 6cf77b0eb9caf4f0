import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { createTestDatabase, currentBackend, openSameDatabase } from '#tests/helpers/test-database.ts';
import { createLogger } from '../logger.ts';
import { type AppEvent, createEventBus, type EventBus } from './event-bus.ts';

let database: DatabaseHandle;
let bus: EventBus;
const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });

beforeEach(async () => {
  database = await createTestDatabase();
  bus = createEventBus(database, logger);
  await bus.start();
});
afterEach(async () => {
  await bus.stop();
  await database.close();
});

const nextEvent = (b: EventBus) =>
  new Promise<AppEvent>((resolve) => {
    const off = b.subscribe((event) => {
      off();
      resolve(event);
    });
  });

describe('event bus', () => {
  it('delivers an event published in a committed transaction', async () => {
    const received = nextEvent(bus);
    await database.db.transaction(async (tx) => {
      await bus.publish(tx, {
        channel: 'contacts',
        type: 'new_contact',
        data: { id: 'c1', fullName: 'Awa Kabila', source: 'website', serviceInterest: 'Conseil général' },
      });
    });
    expect(await received).toEqual({
      channel: 'contacts',
      type: 'new_contact',
      data: { id: 'c1', fullName: 'Awa Kabila', source: 'website', serviceInterest: 'Conseil général' },
    });
  });

  it('says nothing about a transaction that rolled back', async () => {
    const events: AppEvent[] = [];
    bus.subscribe((event) => events.push(event));
    await database.db
      .transaction(async (tx) => {
        await bus.publish(tx, {
          channel: 'contacts',
          type: 'new_contact',
          data: { id: 'c2', fullName: 'Jamais', source: 'website', serviceInterest: 'Conseil général' },
        });
        throw new Error('rollback');
      })
      .catch(() => {});
    // A committed event afterwards proves the channel works and nothing came before it.
    const received = nextEvent(bus);
    await bus.publish(database.db, {
      channel: 'system',
      type: 'notification',
      data: { title: 'Test', message: 'ok', level: 'success' },
    });
    await received;
    expect(events.map((e) => e.data)).toEqual([{ title: 'Test', message: 'ok', level: 'success' }]);
  });

  // Another instance means another connection: only meaningful on a PostgreSQL server
  // (PGlite is one process, and its in-process delivery is covered above).
  if (currentBackend() === 'postgres') {
    it('reaches the listeners of another connection to the same database', async () => {
      const other = await openSameDatabase(database, 2);
      const otherBus = createEventBus(other, logger);
      await otherBus.start();
      try {
        const received = nextEvent(otherBus);
        await bus.publish(database.db, {
          channel: 'newsletter',
          type: 'new_subscription',
          data: { email: 'a@b.cd' },
        });
        expect((await received).data).toEqual({ email: 'a@b.cd' });
      } finally {
        await otherBus.stop();
        await other.close();
      }
    });
  }
});
