/**
 * CSRF protection for cookie-authenticated calls (/api/auth, /api/admin). A state-changing request
 * must carry both:
 * - `Origin` equal to the origin of PUBLIC_URL, and nothing else: not the request's own Host (a
 *   Host header is attacker-controlled behind some proxies). A developer who opens the site under
 *   another address (127.0.0.1 instead of localhost) must set PUBLIC_URL to it.
 * - `X-Requested-With: fetch`, a custom header a cross-site form cannot send and a cross-site
 *   fetch cannot send without a CORS preflight, which this server never grants.
 * GET, HEAD and OPTIONS never change state, so they are not checked.
 */
import type { RequestHandler } from 'express';
import { HttpError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'fetch';

export function csrfProtection(publicUrl: string): RequestHandler {
  const siteOrigin = new URL(publicUrl).origin;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) {
      next();
      return;
    }
    if (req.get('Origin') !== siteOrigin || req.get(CSRF_HEADER) !== CSRF_HEADER_VALUE) {
      req.log?.warn({ method: req.method, origin: req.get('Origin') }, 'request refused by CSRF check');
      throw new HttpError(403, 'csrf_rejected', 'Requête refusée (protection CSRF).');
    }
    next();
  };
}
