/**
 * The real-time events a test app published (recorded by the test through
 * `deps.events.subscribe`): waiting for one, as the bus delivers them asynchronously.
 */
import type { AppEvent, EventBus } from '#server/realtime/event-bus.ts';

/** Starts a test app's event bus and records every event it delivers in `events`. */
export async function recordEvents(bus: EventBus, events: AppEvent[]): Promise<void> {
  await bus.start();
  bus.subscribe((event) => events.push(event));
}

/** The first recorded event that matches, waited for up to 2 seconds. */
export async function waitForEvent(
  events: readonly AppEvent[],
  predicate: (event: AppEvent) => boolean,
): Promise<AppEvent> {
  for (let i = 0; i < 100; i++) {
    const found = events.find(predicate);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`event not received; got ${JSON.stringify(events)}`);
}
