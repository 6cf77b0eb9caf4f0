/**
 * Internal events of the real-time channel: they travel on the event bus (so every instance hears
 * them) but are never forwarded to browsers (docs/decisions/010-realtime.md).
 *
 * `session_revoked` carries only the user id, never a token: an instance receiving it re-checks,
 * read-only, the sessions of that user's open websockets and closes those that ended. One event
 * shape then covers logout, password change (the other sessions) and deactivation. The sessions
 * (server/auth/sessions.ts) publish it through the event bus's interface only.
 */
import type { AppEvent } from './event-bus.ts';

export const SESSION_REVOKED_EVENT = 'session_revoked' as const;

/** Event types the websocket hub handles itself and never sends to a browser. */
export const INTERNAL_EVENT_TYPES: ReadonlySet<string> = new Set([SESSION_REVOKED_EVENT]);

/** The user id of a session_revoked event, or undefined for any other event. */
export function revokedUserOf(event: AppEvent): string | undefined {
  if (event.type !== SESSION_REVOKED_EVENT) return undefined;
  const userId = event.data.userId;
  return typeof userId === 'string' ? userId : undefined;
}
