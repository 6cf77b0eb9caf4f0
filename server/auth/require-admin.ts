/**
 * The guard of /api/admin/* (and of the authenticated /api/auth calls): a valid session or a 401.
 * The admin and the session are exposed, typed, on `res.locals.admin`.
 */
import type { RequestHandler, Response } from 'express';
import type { Database } from '#db/client.ts';
import { HttpError } from '../errors.ts';
import { clearSessionCookie, readSessionToken, type SessionCookie } from './cookie.ts';
import { type Clock, type ValidSession, validateSession } from './sessions.ts';

export type AdminContext = { session: ValidSession; user: ValidSession['user'] };

declare module 'express-serve-static-core' {
  interface Locals {
    /** Set by requireAdmin: the signed-in admin and their session. */
    admin?: AdminContext;
  }
}

export type AuthDeps = { db: Database; cookie: SessionCookie; now: Clock };

export const unauthenticated = () => new HttpError(401, 'unauthenticated', 'Authentification requise.');

/** Valid session or null; a cookie that no longer designates a valid session is cleared. */
export async function currentAdmin(
  deps: AuthDeps,
  req: Parameters<RequestHandler>[0],
  res: Response,
): Promise<AdminContext | null> {
  const token = readSessionToken(req, deps.cookie);
  if (token === undefined) return null;
  const session = await validateSession(deps.db, token, deps.now());
  if (!session) {
    clearSessionCookie(res, deps.cookie);
    return null;
  }
  return { session, user: session.user };
}

export function requireAdmin(deps: AuthDeps): RequestHandler {
  return async (req, res, next) => {
    // Set before answering so a 401 is never cached either.
    res.setHeader('Cache-Control', 'no-store');
    const admin = await currentAdmin(deps, req, res);
    if (!admin) throw unauthenticated();
    res.locals.admin = admin;
    next();
  };
}

/** The admin set by requireAdmin; a route without the guard is a programming error. */
export function adminOf(res: Response): AdminContext {
  const admin = res.locals.admin;
  if (!admin) throw new Error('adminOf() called on a route without requireAdmin');
  return admin;
}
