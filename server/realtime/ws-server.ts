/**
 * The admin's real-time channel (docs/product.md §4.5): a websocket at /ws on the site's own HTTP server.
 * docs/decisions/010-realtime.md explains the choices; in short:
 * - accepted only at the upgrade, with the site's Origin (403 otherwise: another site's page
 *   cannot open it with the admin's cookie) and a valid admin session (401), checked read-only;
 * - each socket keeps its session id and is closed (4401) as soon as that session ends: at once
 *   on logout or password change (an internal `session_revoked` event on the bus), and by a
 *   periodic read-only re-check for idle or absolute expiry, so an open tab never extends a session;
 * - application events from the bus (every instance, through LISTEN/NOTIFY) go to the sockets
 *   subscribed to their channel, as `{ type: 'broadcast', channel, data: { ...data, type } }`.
 */
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type { BrowserEvent } from '#common/realtime.ts';
import {
  REALTIME_CHANNELS,
  type RealtimeChannel,
  RealtimeClientMessageSchema,
  type RealtimeServerMessage,
} from '#common/schemas/admin.ts';
import type { Database } from '#db/client.ts';
import { readCookie, sessionCookieFor } from '../auth/cookie.ts';
import { type Clock, liveSessionIds, peekSession, systemClock } from '../auth/sessions.ts';
import type { Logger } from '../logger.ts';
import { isOwnOrigin, trustedOriginSet } from '../security/csrf.ts';
import type { AppEvent, EventBus } from './event-bus.ts';
import { INTERNAL_EVENT_TYPES, revokedUserOf } from './session-events.ts';

export const REALTIME_PATH = '/ws';
/** Close code sent when the socket's session ended (logout, expiry, revocation). */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** Client messages are a few dozen bytes; anything bigger is refused by `ws` (close 1009). */
const MAX_PAYLOAD_BYTES = 4 * 1024;
/** One admin rarely has more than a few tabs open; this stops a script from piling up sockets. */
const MAX_SOCKETS_PER_SESSION = 20;
/** A client that stops reading is dropped instead of growing the server's memory. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const SESSION_CHECK_INTERVAL_MS = 30_000;
const HEARTBEAT_INTERVAL_MS = 30_000;
/** On shutdown, how long clients get to answer the close handshake before being cut. */
const CLOSE_GRACE_MS = 1_000;

const INVALID_MESSAGE = 'Message invalide.';

export type RealtimeHubOptions = {
  db: Database;
  events: Pick<EventBus, 'subscribe'>;
  /** The site's address: a trusted Origin, and the session cookie's name. */
  publicUrl: string;
  /** More trusted origins (TRUSTED_ORIGINS); an Origin naming the request's own Host passes too. */
  trustedOrigins?: readonly string[];
  logger: Logger;
  /** Injectable so tests can move time; the system clock otherwise. */
  now?: Clock;
  /** How often every socket's session is re-checked (read-only). */
  sessionCheckIntervalMs?: number;
  /** How often sockets are pinged; one that did not answer the previous ping is terminated. */
  heartbeatIntervalMs?: number;
};

export type RealtimeHub = {
  /** Number of open sockets on this instance. */
  clientCount(): number;
  /** Refuses new sockets, closes the open ones (1001) and stops listening for events. */
  close(): Promise<void>;
};

type Client = {
  id: string;
  sessionId: string;
  userId: string;
  channels: Set<RealtimeChannel>;
  alive: boolean;
};

const isChannel = (value: string): value is RealtimeChannel =>
  (REALTIME_CHANNELS as readonly string[]).includes(value);

/** An event for browsers: on one of their channels, and not one the instances keep to themselves. */
const isBrowserEvent = (event: AppEvent): event is BrowserEvent =>
  !INTERNAL_EVENT_TYPES.has(event.type) && isChannel(event.channel);

/** Answers a refused upgrade with a bodiless HTTP status, then drops the connection. */
function refuse(socket: Duplex, status: number): void {
  if (socket.destroyed) return;
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\nCache-Control: no-store\r\n\r\n`,
  );
}

/** One instance's sockets and what serving them needs. */
type Hub = {
  db: RealtimeHubOptions['db'];
  logger: RealtimeHubOptions['logger'];
  now: () => Date;
  trusted: ReturnType<typeof trustedOriginSet>;
  cookieName: string;
  clients: Map<WebSocket, Client>;
  closing: boolean;
};
function sendRaw(hub: Hub, ws: WebSocket, payload: string): void {
  if (ws.readyState !== WebSocket.OPEN) return;
  if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
    hub.logger.warn({ clientId: hub.clients.get(ws)?.id }, 'realtime client too slow; dropped');
    ws.terminate();
    return;
  }
  ws.send(payload);
}
const send = (hub: Hub, ws: WebSocket, message: RealtimeServerMessage) =>
  sendRaw(hub, ws, JSON.stringify(message));

async function authorize(
  hub: Hub,
  req: IncomingMessage,
): Promise<{ status: number } | { sessionId: string; userId: string }> {
  if (hub.closing) return { status: 503 };
  // Browsers always send Origin on a websocket; a missing or foreign one is another site's page
  // (cross-site websocket hijacking) or a script, never our own admin.
  if (!isOwnOrigin(req.headers.origin, req.headers.host, hub.trusted)) {
    hub.logger.warn({ origin: req.headers.origin }, 'realtime connection refused: foreign origin');
    return { status: 403 };
  }
  const token = readCookie(req.headers.cookie, hub.cookieName);
  const session = await peekSession(hub.db, token, hub.now());
  if (!session) {
    hub.logger.debug('realtime connection refused: no valid session');
    return { status: 401 };
  }
  // Leads' names and emails wait until a password the policy refuses has been replaced, and
  // until a second factor the policy requires is set up (docs/decisions/079-second-factor.md).
  if (session.user.passwordChangeRequired || session.user.secondFactorSetupRequired) return { status: 403 };
  let open = 0;
  for (const client of hub.clients.values()) if (client.sessionId === session.id) open++;
  if (open >= MAX_SOCKETS_PER_SESSION) {
    hub.logger.warn({ sessionId: session.id }, 'realtime connection refused: too many sockets');
    return { status: 429 };
  }
  return { sessionId: session.id, userId: session.user.id };
}

function onConnection(hub: Hub, ws: WebSocket, identity: { sessionId: string; userId: string }): void {
  const client: Client = { id: randomUUID(), ...identity, channels: new Set(), alive: true };
  hub.clients.set(ws, client);
  hub.logger.debug(
    { clientId: client.id, userId: client.userId, sessionId: client.sessionId },
    'realtime client connected',
  );
  ws.on('pong', () => {
    client.alive = true;
  });
  ws.on('message', (data, isBinary) => onMessage(hub, ws, client, data, isBinary));
  ws.on('error', (error) => hub.logger.debug({ err: error, clientId: client.id }, 'realtime socket error'));
  ws.on('close', (code) => {
    hub.clients.delete(ws);
    hub.logger.debug({ clientId: client.id, code }, 'realtime client disconnected');
  });
  send(hub, ws, { type: 'connected', clientId: client.id });
}

function onMessage(hub: Hub, ws: WebSocket, client: Client, data: RawData, isBinary: boolean): void {
  let parsed: unknown;
  try {
    if (isBinary || !Buffer.isBuffer(data)) throw new Error('binary message');
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    send(hub, ws, { type: 'error', message: INVALID_MESSAGE });
    return;
  }
  const result = RealtimeClientMessageSchema.safeParse(parsed);
  if (!result.success) {
    send(hub, ws, { type: 'error', message: INVALID_MESSAGE });
    return;
  }
  const message = result.data;
  switch (message.type) {
    case 'ping':
      send(hub, ws, { type: 'pong' });
      return;
    case 'subscribe':
      client.channels.add(message.channel);
      send(hub, ws, { type: 'subscribed', channel: message.channel });
      return;
    case 'unsubscribe':
      client.channels.delete(message.channel);
      send(hub, ws, { type: 'unsubscribed', channel: message.channel });
      return;
  }
}

/** Closes the sockets (among those `filter` keeps) whose session is no longer valid. */
async function recheckSessions(hub: Hub, filter: (client: Client) => boolean = () => true): Promise<void> {
  const targets = [...hub.clients].filter(([, client]) => filter(client));
  if (targets.length === 0) return;
  const live = await liveSessionIds(hub.db, [...new Set(targets.map(([, c]) => c.sessionId))], hub.now());
  for (const [ws, client] of targets) {
    if (live.has(client.sessionId)) continue;
    hub.logger.debug(
      { clientId: client.id, sessionId: client.sessionId },
      'realtime session ended; hub.closing',
    );
    ws.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
  }
}
const recheck = (hub: Hub, filter?: (client: Client) => boolean) =>
  recheckSessions(hub, filter).catch((error: unknown) =>
    hub.logger.warn({ err: error }, 'realtime session re-check failed'),
  );

/** An event of the bus: sessions re-checked on a revocation, else sent to its channel's sockets. */
function onEvent(hub: Hub, event: AppEvent): void {
  const revokedUser = revokedUserOf(event);
  if (revokedUser) {
    void recheck(hub, (client) => client.userId === revokedUser);
    return;
  }
  if (!isBrowserEvent(event)) return;
  const channel = event.channel;
  // `type` last: an event's data can never pass for another event type.
  const payload = JSON.stringify({
    type: 'broadcast',
    channel,
    data: { ...event.data, type: event.type },
  } as RealtimeServerMessage);
  for (const [ws, client] of hub.clients) if (client.channels.has(channel)) sendRaw(hub, ws, payload);
}
/** The server's upgrade listener: a socket on the realtime path once its session is checked. */
const upgradeListener =
  (hub: Hub, server: Server, wss: WebSocketServer) =>
  (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (pathname !== REALTIME_PATH) {
      // Another upgrade listener (a dev tool sharing the server) may want it; alone, we must answer
      // or the connection would hang.
      if (server.listenerCount('upgrade') === 1) refuse(socket, 404);
      return;
    }
    // A client vanishing during the session lookup must not crash the process.
    socket.on('error', () => socket.destroy());
    authorize(hub, req).then(
      (result) => {
        if ('status' in result) {
          refuse(socket, result.status);
          return;
        }
        if (socket.destroyed) return;
        if (hub.closing) {
          refuse(socket, 503);
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => onConnection(hub, ws, result));
      },
      (error: unknown) => {
        hub.logger.error({ err: error }, 'realtime upgrade failed');
        refuse(socket, 500);
      },
    );
  };

export function attachRealtime(server: Server, options: RealtimeHubOptions): RealtimeHub {
  const hub: Hub = {
    db: options.db,
    logger: options.logger,
    now: options.now ?? systemClock,
    trusted: trustedOriginSet(options),
    cookieName: sessionCookieFor(options.publicUrl).name,
    clients: new Map(),
    closing: false,
  };
  const { logger, clients } = hub;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
  const unsubscribe = options.events.subscribe((event) => onEvent(hub, event));
  const onUpgrade = upgradeListener(hub, server, wss);
  server.on('upgrade', onUpgrade);

  let checking: Promise<void> | undefined;
  const sessionTimer = setInterval(() => {
    checking ??= recheck(hub).finally(() => {
      checking = undefined;
    });
  }, options.sessionCheckIntervalMs ?? SESSION_CHECK_INTERVAL_MS);
  sessionTimer.unref();

  // Protocol-level pings: a socket whose peer vanished (phone out of coverage) is found and freed.
  const heartbeatTimer = setInterval(() => {
    for (const [ws, client] of clients) {
      if (!client.alive) {
        logger.debug({ clientId: client.id }, 'realtime client unresponsive; terminated');
        ws.terminate();
        continue;
      }
      client.alive = false;
      ws.ping();
    }
  }, options.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS);
  heartbeatTimer.unref();

  return {
    clientCount: () => clients.size,
    async close() {
      if (hub.closing) return;
      hub.closing = true;
      server.off('upgrade', onUpgrade);
      clearInterval(sessionTimer);
      clearInterval(heartbeatTimer);
      unsubscribe();
      const sockets = [...clients.keys()];
      await Promise.all(
        sockets.map(
          (ws) =>
            new Promise<void>((resolve) => {
              if (ws.readyState === WebSocket.CLOSED) {
                resolve();
                return;
              }
              const force = setTimeout(() => ws.terminate(), CLOSE_GRACE_MS);
              ws.once('close', () => {
                clearTimeout(force);
                resolve();
              });
              // Clients reconnect after 2 s, to this instance once restarted or to another one.
              ws.close(1001, 'Server shutting down');
            }),
        ),
      );
      await checking;
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
