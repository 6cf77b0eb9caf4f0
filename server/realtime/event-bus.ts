/**
 * Application events (new lead, new subscriber, ...) for the admin's real-time channel.
 * `publish` runs `pg_notify` in the caller's transaction: PostgreSQL delivers it only if that
 * transaction commits, so nobody is told about a lead that was not stored. Every instance LISTENs
 * and hands the events to its local subscribers (the websocket hub), so an admin connected to
 * one instance sees what happened on another. PGlite supports the same in-process. Every event
 * and its payload is declared once, in common/realtime.ts.
 */
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type AppEvent, CACHE_CHANNEL } from '#common/realtime.ts';
import type { Database, DatabaseHandle } from '#db/client.ts';
import type { Logger } from '../logger.ts';

export type { AppEvent };
export { CACHE_CHANNEL };
export type EventListener = (event: AppEvent) => void;

const PG_CHANNEL = 'app_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7_900;
const RECONNECT_DELAY_MS = 2_000;

export type EventBus = ReturnType<typeof createEventBus>;

/** `pg_notify(...)` for each event, comma-separated (at least one event). */
function notification(...events: AppEvent[]): SQL {
  const payloads = events.map((event) => {
    const payload = JSON.stringify(event);
    return Buffer.byteLength(payload) > MAX_PAYLOAD
      ? JSON.stringify({ ...event, data: { truncated: true } })
      : payload;
  });
  return sql.join(
    payloads.map((payload) => sql`pg_notify(${PG_CHANNEL}, ${payload})`),
    sql`, `,
  );
}

export function createEventBus(handle: DatabaseHandle, logger: Logger) {
  const listeners = new Set<EventListener>();
  /** Told when the bus starts listening (true) and when it stops or loses its connection (false). */
  const listeningListeners = new Set<(listening: boolean) => void>();
  const listening = (state: boolean) => {
    for (const listener of listeningListeners) listener(state);
  };
  let stopListening: (() => Promise<void>) | undefined;
  let stopped = false;

  function dispatch(payload: string | undefined) {
    if (!payload) return;
    let event: AppEvent;
    try {
      event = JSON.parse(payload) as AppEvent;
    } catch {
      logger.warn('ignored a malformed event');
      return;
    }
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        logger.error({ err: error }, 'event listener failed');
      }
    }
  }

  async function listenPostgres(pool: pg.Pool) {
    const client = new pg.Client(pool.options);
    client.on('notification', (message) => dispatch(message.payload));
    client.on('error', (error) => {
      logger.warn({ err: error }, 'event listener connection lost; reconnecting');
      listening(false);
      client.end().catch(() => {});
      if (!stopped) setTimeout(() => void connectWithRetry(pool), RECONNECT_DELAY_MS);
    });
    await client.connect();
    await client.query(`LISTEN ${PG_CHANNEL}`);
    stopListening = () => client.end();
    listening(true);
  }

  async function connectWithRetry(pool: pg.Pool) {
    try {
      await listenPostgres(pool);
    } catch (error) {
      logger.warn({ err: error }, 'could not listen for events; retrying');
      if (!stopped) setTimeout(() => void connectWithRetry(pool), RECONNECT_DELAY_MS);
    }
  }

  return {
    /**
     * Publishes events when `db`'s transaction commits (immediately outside a transaction), in
     * one statement however many.
     */
    async publish(db: Database, ...events: AppEvent[]): Promise<void> {
      if (events.length === 0) return;
      await db.execute(sql`select ${notification(...events)}`);
    },

    /**
     * The same as SQL, for a statement that also writes (inOneStatement): the events go out when
     * that statement's transaction commits.
     */
    notification,

    subscribe(listener: EventListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * Calls `listener(true)` whenever the bus starts listening (at start, and again after a lost
     * connection came back: events sent meanwhile were missed) and `listener(false)` when it stops
     * or loses its connection.
     */
    onListening(listener: (listening: boolean) => void): () => void {
      listeningListeners.add(listener);
      return () => listeningListeners.delete(listener);
    },

    async start(): Promise<void> {
      stopped = false;
      if (handle.pglite) {
        const unlisten = await handle.pglite.listen(PG_CHANNEL, dispatch);
        stopListening = () => unlisten();
        listening(true);
      } else if (handle.pool) {
        await listenPostgres(handle.pool);
      }
    },

    async stop(): Promise<void> {
      stopped = true;
      listening(false);
      await stopListening?.();
      stopListening = undefined;
    },
  };
}
