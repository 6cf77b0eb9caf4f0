/**
 * The real-time events a test app published (recorded by the test through
 * `deps.events.subscribe`): waiting for one, as the bus delivers them asynchronously.
 */
import { vi } from 'vitest';
import type { AppEvent, EventBus } from '#server/realtime/event-bus.ts';

/** Starts a test app's event bus and records every event it delivers in `events`. */
export async function recordEvents(bus: EventBus, events: AppEvent[]): Promise<void> {
  await bus.start();
  bus.subscribe((event) => events.push(event));
}

/**
 * The first recorded event that matches, waited for up to 30 seconds: on PostgreSQL it comes back
 * through another connection (LISTEN), which a busy machine may take seconds to deliver.
 */
export function waitForEvent(
  events: readonly AppEvent[],
  predicate: (event: AppEvent) => boolean,
): Promise<AppEvent> {
  return vi.waitFor(
    () => {
      const found = events.find(predicate);
      if (!found) throw new Error(`event not received; got ${JSON.stringify(events)}`);
      return found;
    },
    { timeout: 30_000, interval: 20 },
  );
}
