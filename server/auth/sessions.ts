/**
 * Server-side admin sessions (docs/decisions/002-extra-tables.md). The cookie carries 32 random
 * bytes; only their SHA-256 is stored, so a database leak does not leak usable sessions. Every
 * check (idle, absolute lifetime, revocation, inactive account) is made here on each request, with
 * an injectable clock so tests can move time.
 */

import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { SessionUser } from '#common/api-types.ts';
import {
  SESSION_IDLE_TIMEOUT,
  SESSION_MAX_AGE,
  SESSION_REMEMBER_MAX_AGE,
  SESSION_TOUCH_INTERVAL,
} from '#common/constants.ts';
import type { Database } from '#db/client.ts';
import { adminPasskeys, adminSessions, adminTotp, adminUsers, authSettings } from '#db/schema.ts';
import type { EventBus } from '../realtime/event-bus.ts';

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** What the API may show of an admin: never the password hash. */
export type { SessionUser };

export type ValidSession = { id: string; rememberMe: boolean; expiresAt: Date; user: SessionUser };

/** The session a cookie token designates at `now`, or null (validateSession and peekSession). */
type SessionCheck = (db: Database, token: string | undefined, now: Date) => Promise<ValidSession | null>;

const TOKEN_BYTES = 32;
/** 32 bytes in base64url, without padding: anything else is refused before touching the database. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const USER_AGENT_MAX = 512;

export function generateSessionToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isWellFormedToken(token: string | undefined): token is string {
  return token !== undefined && TOKEN_PATTERN.test(token);
}

export function sessionLifetime(rememberMe: boolean): number {
  return rememberMe ? SESSION_REMEMBER_MAX_AGE : SESSION_MAX_AGE;
}

/** A brand-new session: a token sent before login is never reused (no session fixation). */
export async function createSession(
  db: Database,
  input: { userId: string; rememberMe: boolean; ip?: string; userAgent?: string },
  now: Date,
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + sessionLifetime(input.rememberMe));
  const [row] = await db
    .insert(adminSessions)
    .values({
      userId: input.userId,
      tokenHash: hashSessionToken(token),
      rememberMe: input.rememberMe,
      ip: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    })
    .returning({ id: adminSessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return { token, sessionId: row.id, expiresAt };
}

/**
 * Whether the policy requires a second factor and the admin has none (neither a passkey nor a
 * confirmed authenticator app): read with the session, in the same query.
 */
function secondFactorSetupRequired() {
  return sql<boolean>`(exists (select 1 from ${authSettings} where ${authSettings.secondFactorRequired})
    and not exists (select 1 from ${adminPasskeys} where ${adminPasskeys.userId} = ${adminUsers.id})
    and not exists (select 1 from ${adminTotp} where ${adminTotp.userId} = ${adminUsers.id}
      and ${adminTotp.confirmedAt} is not null))`.mapWith(Boolean);
}

const sessionColumns = {
  id: adminSessions.id,
  rememberMe: adminSessions.rememberMe,
  lastSeenAt: adminSessions.lastSeenAt,
  expiresAt: adminSessions.expiresAt,
  revokedAt: adminSessions.revokedAt,
  isActive: adminUsers.isActive,
  user: {
    id: adminUsers.id,
    email: adminUsers.email,
    firstName: adminUsers.firstName,
    lastName: adminUsers.lastName,
    role: adminUsers.role,
    passwordChangeRequired: adminUsers.passwordChangeRequired,
    secondFactorSetupRequired: secondFactorSetupRequired(),
  },
};
type SessionRow = { lastSeenAt: Date; expiresAt: Date; revokedAt: Date | null; isActive: boolean };

/** The one rule: not revoked, account active, within the absolute lifetime and the idle timeout. */
function isLive(row: SessionRow, now: Date): boolean {
  if (row.revokedAt !== null || !row.isActive) return false;
  const nowMs = now.getTime();
  if (nowMs >= row.expiresAt.getTime()) return false;
  return nowMs - row.lastSeenAt.getTime() < SESSION_IDLE_TIMEOUT;
}

async function findSession(db: Database, token: string) {
  const [row] = await db
    .select(sessionColumns)
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
    .where(eq(adminSessions.tokenHash, hashSessionToken(token)))
    .limit(1);
  return row;
}

/** The session of a well-formed token, if it is live (see validateSession); nothing is written. */
async function liveSession(db: Database, token: string | undefined, now: Date) {
  if (!isWellFormedToken(token)) return null;
  const row = await findSession(db, token);
  return row && isLive(row, now) ? row : null;
}

const validSession = (row: NonNullable<Awaited<ReturnType<typeof findSession>>>): ValidSession => ({
  id: row.id,
  rememberMe: row.rememberMe,
  expiresAt: row.expiresAt,
  user: row.user,
});

/**
 * The session a cookie token designates, or null when it is unknown, revoked, idle for too long,
 * past its absolute lifetime, or its account is inactive. A valid session's lastSeenAt is moved
 * forward at most once per SESSION_TOUCH_INTERVAL: a request counts as activity.
 */
export const validateSession: SessionCheck = async (db, token, now) => {
  const row = await liveSession(db, token, now);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL) {
    await db
      .update(adminSessions)
      .set({ lastSeenAt: now })
      .where(and(eq(adminSessions.id, row.id), isNull(adminSessions.revokedAt)));
  }
  return validSession(row);
};

/**
 * Same check as validateSession, read-only: an open websocket is not activity, so opening one or
 * re-checking it never extends the session (the admin's inactivity logout must still happen).
 */
export const peekSession: SessionCheck = async (db, token, now) => {
  const row = await liveSession(db, token, now);
  return row ? validSession(row) : null;
};

/** Which of these session ids are still valid (read-only, one query): the websocket re-check. */
export async function liveSessionIds(db: Database, sessionIds: string[], now: Date): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select(sessionColumns)
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
    .where(inArray(adminSessions.id, sessionIds));
  return new Set(rows.filter((row) => isLive(row, now)).map((row) => row.id));
}

/**
 * The revoke functions below take the event bus optionally: given it, they announce the
 * revocation in the caller's transaction, so every instance closes the websockets of the ended
 * sessions at once (server/realtime/session-events.ts) instead of at its next periodic re-check.
 */
type RevocationEvents = Pick<EventBus, 'publish'> | undefined;

/** Logout: revokes the session the token designates, if any (harmless otherwise). */
export async function revokeSessionByToken(
  db: Database,
  token: string | undefined,
  now: Date,
  events?: RevocationEvents,
): Promise<void> {
  if (!isWellFormedToken(token)) return;
  const revoked = await db
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(and(eq(adminSessions.tokenHash, hashSessionToken(token)), isNull(adminSessions.revokedAt)))
    .returning({ userId: adminSessions.userId });
  const userId = revoked[0]?.userId;
  if (events && userId) await announceRevoked(events, db, userId);
}

/** After a password change: every other session of the user ends, the current one stays. */
export function revokeOtherSessions(
  db: Database,
  userId: string,
  keepSessionId: string,
  now: Date,
  events?: RevocationEvents,
): Promise<void> {
  return revokeSessionsOf(db, userId, now, events, keepSessionId);
}

/**
 * Every session of a user. Validation already refuses the sessions of an inactive account; call
 * this too when deactivating one so the sessions stay dead if it is reactivated later.
 */
export function revokeUserSessions(
  db: Database,
  userId: string,
  now: Date,
  events?: RevocationEvents,
): Promise<void> {
  return revokeSessionsOf(db, userId, now, events);
}

/** Revokes the user's live sessions but `keepSessionId`'s, and tells every instance's sockets. */
async function revokeSessionsOf(
  db: Database,
  userId: string,
  now: Date,
  events: RevocationEvents,
  keepSessionId?: string,
): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(adminSessions.userId, userId),
        keepSessionId === undefined ? undefined : ne(adminSessions.id, keepSessionId),
        isNull(adminSessions.revokedAt),
      ),
    );
  if (events) await announceRevoked(events, db, userId);
}

/**
 * Announces, when `db`'s transaction commits, that sessions of this user were revoked: the
 * internal `session_revoked` event (common/realtime.ts), on which every instance's websocket hub
 * closes the sockets of the sessions that ended (server/realtime/session-events.ts). Only the
 * event bus's interface ties sessions to the real-time channel.
 */
function announceRevoked(events: Pick<EventBus, 'publish'>, db: Database, userId: string): Promise<void> {
  return events.publish(db, { channel: 'system', type: 'session_revoked', data: { userId } });
}
