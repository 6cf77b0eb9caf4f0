/**
 * The state between a right password and the second factor (docs/decisions/079-second-factor.md):
 * a row in admin_pending_logins and an HttpOnly cookie carrying its token (only its SHA-256 is
 * stored). It is not a session: it opens nothing but the second step, lasts ten minutes, and is
 * deleted by the sign-in it completes, by a new password step, or by a logout.
 */
import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { Request, Response } from 'express';
import type { Database } from '#db/client.ts';
import { adminPendingLogins, adminUsers } from '#db/schema.ts';
import { readCookie, type SessionCookie } from './cookie.ts';
import { generateSessionToken, hashSessionToken, isWellFormedToken } from './sessions.ts';

export const PENDING_LOGIN_LIFETIME = 10 * 60_000;

/** `__Host-login-pending` over https, like the session cookie (server/auth/cookie.ts). */
export function pendingCookieFor(session: SessionCookie): SessionCookie {
  return { name: session.secure ? '__Host-login-pending' : 'login-pending', secure: session.secure };
}

const cookieOptions = (cookie: SessionCookie) =>
  ({ httpOnly: true, sameSite: 'strict', path: '/', secure: cookie.secure }) as const;

/** A new pending sign-in, replacing the request's earlier one (and the expired ones of anybody). */
export async function startPendingLogin(
  db: Database,
  req: Request,
  res: Response,
  cookie: SessionCookie,
  input: { userId: string; rememberMe: boolean },
  now: Date,
): Promise<void> {
  const previous = readCookie(req.get('Cookie'), cookie.name);
  await db
    .delete(adminPendingLogins)
    .where(
      isWellFormedToken(previous)
        ? or(
            lt(adminPendingLogins.expiresAt, now),
            eq(adminPendingLogins.tokenHash, hashSessionToken(previous)),
          )
        : lt(adminPendingLogins.expiresAt, now),
    );
  const token = generateSessionToken();
  await db.insert(adminPendingLogins).values({
    tokenHash: hashSessionToken(token),
    userId: input.userId,
    rememberMe: input.rememberMe,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PENDING_LOGIN_LIFETIME),
  });
  res.cookie(cookie.name, token, { ...cookieOptions(cookie), maxAge: PENDING_LOGIN_LIFETIME });
}

export type PendingLogin = {
  id: string;
  rememberMe: boolean;
  user: typeof adminUsers.$inferSelect;
};

/** The live pending sign-in the request's cookie designates, for an active account; or null. */
export async function readPendingLogin(
  db: Database,
  req: Request,
  cookie: SessionCookie,
  now: Date,
): Promise<PendingLogin | null> {
  const token = readCookie(req.get('Cookie'), cookie.name);
  if (!isWellFormedToken(token)) return null;
  const [row] = await db
    .select({ id: adminPendingLogins.id, rememberMe: adminPendingLogins.rememberMe, user: adminUsers })
    .from(adminPendingLogins)
    .innerJoin(adminUsers, eq(adminUsers.id, adminPendingLogins.userId))
    .where(
      and(eq(adminPendingLogins.tokenHash, hashSessionToken(token)), gt(adminPendingLogins.expiresAt, now)),
    )
    .limit(1);
  return row?.user.isActive ? row : null;
}

/** Ends the request's pending sign-in, if any, and clears its cookie. */
export async function endPendingLogin(
  db: Database,
  req: Request,
  res: Response,
  cookie: SessionCookie,
): Promise<void> {
  const token = readCookie(req.get('Cookie'), cookie.name);
  if (isWellFormedToken(token)) {
    await db.delete(adminPendingLogins).where(eq(adminPendingLogins.tokenHash, hashSessionToken(token)));
  }
  if (token !== undefined) res.clearCookie(cookie.name, cookieOptions(cookie));
}
