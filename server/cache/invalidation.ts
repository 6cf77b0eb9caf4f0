/**
 * Keeps the response cache true to the database on every instance: the database announces each
 * change to a content table (migration 0006) on the event bus, which every instance listens to.
 */
import { CONTENT_TABLES, type ContentTable } from '../content/content-reads.ts';
import { CACHE_CHANNEL, type EventBus } from '../realtime/event-bus.ts';
import type { ResponseCache } from './response-cache.ts';

const isContentTable = (value: unknown): value is ContentTable =>
  (CONTENT_TABLES as readonly unknown[]).includes(value);

export function invalidateOnContentChange(cache: ResponseCache, events: EventBus): () => void {
  const unsubscribe = events.subscribe((event) => {
    if (event.channel !== CACHE_CHANNEL || event.type !== 'content.changed') return;
    const { table } = event.data;
    // A table this code does not know (a newer instance's migration): drop everything.
    if (isContentTable(table)) cache.invalidate([table]);
    else cache.clear();
  });
  // Nothing is kept while nobody listens: a change could not reach the cache. Listening again,
  // whatever changed meanwhile is unknown, and the cache starts empty.
  const unlisten = events.onListening((listening) => cache.setActive(listening));
  return () => {
    unsubscribe();
    unlisten();
  };
}
