/**
 * The real-time contract (docs/product.md §4.5), in one place: the channels an admin's browser subscribes to,
 * and every event with its payload. The server publishes these (server/realtime/event-bus.ts,
 * typed), the websocket hub forwards the browser ones (server/realtime/ws-server.ts) and the
 * back-office reacts to them (app/features/admin/realtime/realtime-effects.ts).
 */
import type { CallStatus } from './schemas/booking-admin.ts';

export const REALTIME_CHANNELS = [
  'dashboard',
  'contacts',
  'newsletter',
  'system',
  'audience',
  'campaigns',
] as const;
export type RealtimeChannel = (typeof REALTIME_CHANNELS)[number];

/** What a browser subscribed to the event's channel receives. */
export type BrowserEvent =
  /** Counts changed: the dashboard reloads its figures. */
  | { channel: 'dashboard'; type: 'stats_update'; data: Record<string, never> }
  | {
      channel: 'contacts';
      type: 'new_contact';
      data: { id: string; fullName: string; source: string; serviceInterest: string };
    }
  | { channel: 'contacts'; type: 'contact_status_update'; data: { id: string; status: string } }
  /** Its follow-up changed (owner, next action, a timeline entry): the lists and its panel reload. */
  | { channel: 'contacts'; type: 'contact_updated'; data: { id: string } }
  /** A discovery call was booked, moved or cancelled (docs/decisions/077): the agenda and the lead reload. */
  | {
      channel: 'contacts';
      type: 'call_booking_update';
      data: { contactId: string; bookingId: string; status: CallStatus; startsAt: string };
    }
  | { channel: 'newsletter'; type: 'new_subscription'; data: { email: string } }
  /**
   * A campaign's status changed by the worker (its scheduled time came: sending, or held back to the
   * drafts; its last message went: sent or failed): its page and the list follow without a reload.
   */
  | { channel: 'campaigns'; type: 'campaign_update'; data: { id: string; status: string } }
  /**
   * "En ce moment" on the Audience screen (docs/decisions/084): the distinct visitors of the last 5
   * minutes, sent when the count changed (server/realtime/audience-now.ts).
   */
  | { channel: 'audience'; type: 'visitors_now'; data: { visitors: number; at: string } }
  | {
      channel: 'system';
      type: 'notification';
      data: { title: string; message: string; level: 'success' | 'error'; duration?: number };
    };

/** The bus's channel between instances only (the database's content triggers, migration 0006). */
export const CACHE_CHANNEL = 'cache';

/** Between instances only: never forwarded to a browser. */
export type InternalEvent =
  /** Sessions of this user ended: every instance closes their websockets (decision 010). */
  | { channel: 'system'; type: 'session_revoked'; data: { userId: string } }
  /** A content table changed (a view counter is `blog_post_views`): caches drop what it made. */
  | { channel: typeof CACHE_CHANNEL; type: 'content.changed'; data: { table: string } };

export type AppEvent = BrowserEvent | InternalEvent;

/** A browser event as the websocket sends it: its type travels inside `data`. */
export type BroadcastMessage = BrowserEvent extends infer E
  ? E extends BrowserEvent
    ? { type: 'broadcast'; channel: E['channel']; data: E['data'] & { type: E['type'] } }
    : never
  : never;
