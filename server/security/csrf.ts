/**
 * CSRF protection for cookie-authenticated calls (/api/auth, /api/admin), after Go 1.25's
 * CrossOriginProtection (docs/decisions/025-csrf-rule.md). GET, HEAD and OPTIONS never change
 * state and pass. A state-changing request must:
 * 1. carry `X-Requested-With: fetch`, a custom header that a cross-site form cannot send and a
 *    cross-site fetch cannot send without a CORS preflight, which this server never grants;
 * 2. come from the site itself, as the browser tells it:
 *    - `Sec-Fetch-Site: same-origin` (or `none`, typed by the user) passes, whatever the address the
 *      site was opened under (localhost, 127.0.0.1, a LAN address from a phone);
 *    - any other `Sec-Fetch-Site` (cross-site, same-site) passes only from a trusted origin:
 *      PUBLIC_URL's and those of TRUSTED_ORIGINS;
 *    - without `Sec-Fetch-Site` (browsers before 2023, other clients): no `Origin` passes (not a
 *      browser's cross-site request), an `Origin` whose host is the request's own `Host` passes,
 *      and so does a trusted origin; anything else is refused.
 */
import type { Request, RequestHandler } from 'express';
import { HttpError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'fetch';

export type CsrfOptions = { publicUrl: string; trustedOrigins?: readonly string[] };

const hostOf = (origin: string) => {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
};

/** The origins trusted from anywhere: PUBLIC_URL's and those of TRUSTED_ORIGINS. */
export const trustedOriginSet = ({ publicUrl, trustedOrigins = [] }: CsrfOptions): ReadonlySet<string> =>
  new Set([new URL(publicUrl).origin, ...trustedOrigins.map((o) => new URL(o).origin)]);

/**
 * An `Origin` header naming the site itself: a trusted origin, or one whose host is the request's
 * own `Host` (the site opened under 127.0.0.1 or a LAN address). The websocket's check.
 */
export const isOwnOrigin = (
  origin: string | undefined,
  host: string | undefined,
  trusted: ReadonlySet<string>,
) => origin !== undefined && (trusted.has(origin) || (host !== undefined && hostOf(origin) === host));

/** Why the request is refused, or null when it may go on. */
export function csrfRefusal(req: Request, trusted: ReadonlySet<string>): string | null {
  if (SAFE_METHODS.has(req.method)) return null;
  if (req.get(CSRF_HEADER) !== CSRF_HEADER_VALUE) return 'missing X-Requested-With';
  return crossSiteRefusal(req, trusted);
}

/**
 * Rule 2 alone, for requests that cannot carry a custom header (navigator.sendBeacon): why the
 * request comes from another site, or null when the browser says it comes from this one.
 */
export function crossSiteRefusal(req: Request, trusted: ReadonlySet<string>): string | null {
  const site = req.get('Sec-Fetch-Site');
  const origin = req.get('Origin');
  if (site === 'same-origin' || site === 'none') return null;
  if (origin && trusted.has(origin)) return null;
  if (site) return `cross-origin request (Sec-Fetch-Site: ${site})`;
  if (!origin || isOwnOrigin(origin, req.get('Host'), trusted)) return null;
  return 'cross-origin request (Origin)';
}

export function csrfProtection(options: CsrfOptions): RequestHandler {
  const trusted = trustedOriginSet(options);
  return (req, _res, next) => {
    const refusal = csrfRefusal(req, trusted);
    if (refusal) {
      req.log?.warn(
        {
          method: req.method,
          origin: req.get('Origin'),
          secFetchSite: req.get('Sec-Fetch-Site'),
          ip: req.ip,
          reason: refusal,
        },
        'request refused by CSRF check',
      );
      throw new HttpError(403, 'csrf_rejected', 'Requête refusée (protection CSRF).');
    }
    next();
  };
}
