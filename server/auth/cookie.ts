/**
 * The admin session cookie. Over https it is `__Host-session`: the browser then insists on
 * Secure, Path=/ and no Domain, so no subdomain or plain-http page can plant or overwrite it.
 * Plain http (localhost development) gets `session` without Secure, which browsers would drop.
 */
import type { Request, Response } from 'express';

export type SessionCookie = { name: string; secure: boolean };

export function sessionCookieFor(publicUrl: string): SessionCookie {
  const secure = publicUrl.startsWith('https://');
  return { name: secure ? '__Host-session' : 'session', secure };
}

/**
 * One cookie's value from a Cookie header; the first occurrence wins. A tiny parser rather than a
 * dependency: session tokens are base64url, so no decoding is needed and a malformed pair is skipped.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    if (pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    return value;
  }
  return undefined;
}

export function readSessionToken(req: Request, cookie: SessionCookie): string | undefined {
  return readCookie(req.get('Cookie'), cookie.name);
}

/** Without maxAgeMs the cookie lives as long as the browser session. */
export function setSessionCookie(
  res: Response,
  cookie: SessionCookie,
  token: string,
  maxAgeMs?: number,
): void {
  res.cookie(cookie.name, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: cookie.secure,
    ...(maxAgeMs === undefined ? {} : { maxAge: maxAgeMs }),
  });
}

export function clearSessionCookie(res: Response, cookie: SessionCookie): void {
  res.clearCookie(cookie.name, { httpOnly: true, sameSite: 'lax', path: '/', secure: cookie.secure });
}
