import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBSOCKET_RECONNECT_DELAY } from '#common/constants.ts';
import { REALTIME_CHANNELS } from '#common/realtime.ts';
import type { RealtimeServerMessage } from '#common/schemas/admin.ts';
import { connectRealtime, type RealtimeStatus, realtimeUrl } from './realtime-client.ts';

/** A stand-in for the browser's WebSocket that the test opens, feeds and closes by hand. */
class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;

  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.();
  }
  // What the server or the network does:
  serverOpens() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.();
  }
  serverSends(data: unknown) {
    this.onmessage?.({ data });
  }
  fails() {
    this.onerror?.();
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.();
  }
}

const WS_URL = 'ws://localhost:3000/ws';
const latest = () => FakeWebSocket.instances.at(-1) as FakeWebSocket;

let messages: RealtimeServerMessage[];
let statuses: RealtimeStatus[];
const start = () =>
  connectRealtime({
    url: WS_URL,
    onMessage: (m) => messages.push(m),
    onStatusChange: (s) => statuses.push(s),
  });

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  FakeWebSocket.instances = [];
  messages = [];
  statuses = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('connectRealtime', () => {
  it('subscribes to every admin channel once open', () => {
    start();
    expect(statuses).toEqual(['connecting']);
    latest().serverOpens();
    expect(statuses).toEqual(['connecting', 'connected']);
    expect(latest().url).toBe(WS_URL);
    const channels = ['dashboard', 'contacts', 'newsletter', 'system', 'audience', 'campaigns'];
    expect(latest().sent).toEqual(channels.map((channel) => ({ type: 'subscribe', channel })));
  });

  it('marks itself disconnected on failure and reconnects after 2 seconds, then subscribes again', () => {
    start();
    latest().serverOpens();
    latest().fails();
    expect(statuses.at(-1)).toBe('disconnected');
    expect(FakeWebSocket.instances).toHaveLength(1);

    vi.advanceTimersByTime(WEBSOCKET_RECONNECT_DELAY - 1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(statuses.at(-1)).toBe('connecting');
    latest().serverOpens();
    expect(latest().sent).toHaveLength(REALTIME_CHANNELS.length);
    expect(statuses).toEqual(['connecting', 'connected', 'disconnected', 'connecting', 'connected']);
  });

  it('keeps retrying every 2 seconds while the server is unreachable', () => {
    start();
    latest().fails();
    vi.advanceTimersByTime(WEBSOCKET_RECONNECT_DELAY);
    latest().fails();
    vi.advanceTimersByTime(WEBSOCKET_RECONNECT_DELAY);
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it('does not reconnect after close()', () => {
    const connection = start();
    latest().serverOpens();
    connection.close();
    expect(latest().readyState).toBe(FakeWebSocket.CLOSED);
    vi.advanceTimersByTime(10 * WEBSOCKET_RECONNECT_DELAY);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('does not reconnect when close() is called while a retry is pending', () => {
    const connection = start();
    latest().fails();
    connection.close();
    vi.advanceTimersByTime(10 * WEBSOCKET_RECONNECT_DELAY);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('hands over valid server messages and ignores malformed ones', () => {
    start();
    latest().serverOpens();
    const socket = latest();
    socket.serverSends('pas du JSON');
    socket.serverSends(JSON.stringify({ type: 'inconnu' }));
    socket.serverSends(JSON.stringify({ type: 'broadcast', channel: 'secret', data: { type: 'x' } }));
    socket.serverSends(JSON.stringify({ type: 'broadcast', channel: 'contacts', data: {} }));
    socket.serverSends(JSON.stringify([1, 2]));
    socket.serverSends(new ArrayBuffer(4));
    const lead = {
      type: 'broadcast',
      channel: 'contacts',
      data: { type: 'new_contact', fullName: 'Awa Mbuyi' },
    };
    socket.serverSends(JSON.stringify({ type: 'connected', clientId: 'abc' }));
    socket.serverSends(JSON.stringify(lead));
    expect(messages).toEqual([{ type: 'connected', clientId: 'abc' }, lead]);
    expect(socket.readyState).toBe(FakeWebSocket.OPEN);
  });

  it('listens to a channel only while a screen holds it: subscribe at the first, unsubscribe at the last', () => {
    const connection = connectRealtime({ url: WS_URL, channels: ['system'], onMessage: () => {} });
    const early = connection.listen('dashboard');
    latest().serverOpens();
    const socket = latest();
    expect(socket.sent).toEqual([
      { type: 'subscribe', channel: 'system' },
      { type: 'subscribe', channel: 'dashboard' },
    ]);
    // A second screen on the same channel: the server already sends it.
    const late = connection.listen('dashboard');
    early();
    expect(socket.sent).toHaveLength(2);
    late();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', channel: 'dashboard' });
    // Releasing twice tells the server nothing more.
    late();
    expect(socket.sent).toHaveLength(3);

    // After a reconnect, only what is still held is subscribed again.
    socket.fails();
    vi.advanceTimersByTime(WEBSOCKET_RECONNECT_DELAY);
    latest().serverOpens();
    expect(latest().sent).toEqual([{ type: 'subscribe', channel: 'system' }]);
  });

  it('sends nothing for a release while disconnected, and does not subscribe it again on reconnect', () => {
    const connection = connectRealtime({ url: WS_URL, channels: [], onMessage: () => {} });
    latest().serverOpens();
    const release = connection.listen('contacts');
    latest().fails();
    release();
    vi.advanceTimersByTime(WEBSOCKET_RECONNECT_DELAY);
    latest().serverOpens();
    expect(latest().sent).toEqual([]);
  });

  it('pings every 25 seconds while connected', () => {
    start();
    latest().serverOpens();
    vi.advanceTimersByTime(25_000);
    expect(latest().sent.at(-1)).toEqual({ type: 'ping' });
  });
});

describe('realtimeUrl', () => {
  it('uses wss on an https page and ws otherwise, on the same host', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'lisanga.cd' })).toBe('wss://lisanga.cd/ws');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
  });
});
