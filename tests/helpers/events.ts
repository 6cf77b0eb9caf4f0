/**
 * The real-time events a test app published (recorded by the test through
 * `deps.events.subscribe`): waiting for one, as the bus delivers them asynchronously.
 */
import type { AppEvent } from '#server/realtime/event-bus.ts';

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
