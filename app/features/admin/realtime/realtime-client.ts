/**
 * The browser side of the admin's real-time channel (docs/product.md §4.5, §8.6, §9.8), framework-free: opens
 * /ws on the page's own host (wss when the page is https), subscribes to the channels, and after
 * a failure or a close marks the connection disconnected and tries again after 2 seconds, until
 * `close()` is called. A channel is subscribed while someone listens to it: the connection's own
 * `channels` for its whole life, and a screen's through `listen()` until it lets go, when the
 * server is sent `unsubscribe` and stops sending that channel. The server protocol is in
 * common/schemas/admin.ts; the React side (toasts, refreshes) only sees parsed messages and the status.
 */
import { WEBSOCKET_RECONNECT_DELAY } from '#common/constants.ts';
import {
  REALTIME_CHANNELS,
  type RealtimeChannel,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
} from '#common/schemas/admin.ts';

export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected';

export type RealtimeOptions = {
  onMessage: (message: RealtimeServerMessage) => void;
  onStatusChange?: (status: RealtimeStatus) => void;
  /** The channels listened to for the connection's whole life (all of them by default). */
  channels?: readonly RealtimeChannel[];
  /** Defaults to /ws on the page's host. */
  url?: string;
};

export type RealtimeConnection = {
  /**
   * Listens to `channel` until the returned function is called: the server is sent `subscribe`
   * when the first listener comes and `unsubscribe` when the last one goes.
   */
  listen(channel: RealtimeChannel): () => void;
  close(): void;
};

/**
 * An application-level ping keeps idle connections alive through proxies that cut silent ones
 * (often after 30 or 60 s) and lets the server see the tab is still there.
 */
const PING_INTERVAL_MS = 25_000;

const SERVER_TYPES = new Set(['connected', 'subscribed', 'unsubscribed', 'pong', 'error', 'broadcast']);

export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A server message, or null for anything malformed (ignored rather than trusted). */
export function parseServerMessage(raw: unknown): RealtimeServerMessage | null {
  if (typeof raw !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.type !== 'string' || !SERVER_TYPES.has(value.type)) return null;
  if (value.type === 'broadcast') {
    const { channel, data } = value;
    if (typeof channel !== 'string' || !(REALTIME_CHANNELS as readonly string[]).includes(channel))
      return null;
    if (!isRecord(data) || typeof data.type !== 'string') return null;
  }
  return value as RealtimeServerMessage;
}

export function connectRealtime(options: RealtimeOptions): RealtimeConnection {
  /** How many listeners each channel has; a channel is subscribed while it has one. */
  const listeners = new Map<RealtimeChannel, number>();
  for (const channel of options.channels ?? REALTIME_CHANNELS)
    listeners.set(channel, (listeners.get(channel) ?? 0) + 1);
  let socket: WebSocket | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let status: RealtimeStatus | undefined;
  let closed = false;

  const setStatus = (next: RealtimeStatus) => {
    if (next === status) return;
    status = next;
    options.onStatusChange?.(next);
  };

  const send = (ws: WebSocket, message: RealtimeClientMessage) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  };

  const stopPing = () => {
    if (pingTimer !== undefined) clearInterval(pingTimer);
    pingTimer = undefined;
  };

  const retryLater = () => {
    setStatus('disconnected');
    reconnectTimer ??= setTimeout(() => {
      reconnectTimer = undefined;
      open();
    }, WEBSOCKET_RECONNECT_DELAY);
  };

  const onFailure = (ws: WebSocket) => {
    if (ws !== socket) return;
    stopPing();
    socket = undefined;
    // After an error the browser normally closes the socket itself; make sure of it, so a late
    // `open` can never leave a second, unsubscribed connection behind.
    if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close();
    if (!closed) retryLater();
  };

  function open() {
    if (closed) return;
    setStatus('connecting');
    let ws: WebSocket;
    try {
      ws = new WebSocket(options.url ?? realtimeUrl());
    } catch (error) {
      // A malformed URL throws synchronously; treated like any other failure.
      console.warn('Connexion temps réel impossible', error);
      retryLater();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (ws !== socket) return;
      setStatus('connected');
      for (const channel of listeners.keys()) send(ws, { type: 'subscribe', channel });
      pingTimer = setInterval(() => send(ws, { type: 'ping' }), PING_INTERVAL_MS);
    };
    ws.onmessage = (event: MessageEvent) => {
      if (ws !== socket) return;
      const message = parseServerMessage(event.data);
      if (message) options.onMessage(message);
    };
    // A failed connection gets `error` then `close`; either one is enough to start the retry.
    ws.onerror = () => onFailure(ws);
    ws.onclose = () => onFailure(ws);
  }

  open();

  return {
    listen(channel) {
      const count = listeners.get(channel) ?? 0;
      listeners.set(channel, count + 1);
      // While connecting or disconnected, `onopen` subscribes to it.
      if (count === 0 && socket) send(socket, { type: 'subscribe', channel });
      let listening = true;
      return () => {
        if (!listening) return;
        listening = false;
        const left = (listeners.get(channel) ?? 1) - 1;
        if (left > 0) {
          listeners.set(channel, left);
          return;
        }
        listeners.delete(channel);
        if (socket && !closed) send(socket, { type: 'unsubscribe', channel });
      };
    },
    close() {
      if (closed) return;
      closed = true;
      if (reconnectTimer !== undefined) clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      stopPing();
      const ws = socket;
      socket = undefined;
      if (ws && ws.readyState !== WebSocket.CLOSED && ws.readyState !== WebSocket.CLOSING) ws.close(1000);
    },
  };
}
