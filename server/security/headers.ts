/**
 * Security headers of every response, 404 and 500 included: a Content-Security-Policy
 * whose only inline scripts are the ones it names, HSTS in production over https, nosniff, a
 * referrer policy and Cross-Origin-Opener-Policy (helmet).
 *
 * Which inline scripts: the back-office's (React Router's hydration data and scroll restoration)
 * carry this response's nonce, 128 random bits kept in `res.locals.cspNonce`; server/app.ts hands
 * it to the page renderer (app/entry.server.tsx), which stamps it on every script it writes.
 * Public documents are the same for every visitor and may be served from the response cache
 * (docs/decisions/031): a nonce there would be shared, so their one inline script, the islands'
 * bootstrap, is allowed by its SHA-256 hash instead, and they carry no nonce.
 */
import { randomBytes } from 'node:crypto';
import type { Locals, RequestHandler } from 'express';
import helmet from 'helmet';
import { isAdminPath } from '#common/paths.ts';

declare module 'express-serve-static-core' {
  interface Locals {
    /** This response's CSP nonce (base64). */
    cspNonce?: string;
  }
}

export type SecurityHeaderOptions = {
  /** PUBLIC_URL is https: HSTS and upgrade of insecure requests. */
  https: boolean;
  production: boolean;
  /**
   * False in development only: Vite's dev server injects inline scripts of its own (hot reload)
   * that carry no nonce.
   */
  contentSecurityPolicy: boolean;
  /**
   * `sha256-…` of the public documents' bootstrap script (app/islands/bootstrap.ts), when pages
   * are rendered from a build. Unset: every answer gets a nonce.
   */
  publicScriptHash?: string;
};

/**
 * Powerful browser features this site never uses, refused for it and for anything it could
 * embed (ASVS 3.4). Push notifications and the install prompt are not policy-controlled.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** The CSP of every answer that is not a page: nothing may load, run, frame or be framed. */
export const NON_PAGE_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * First headers of every answer except the fingerprinted assets: Permissions-Policy, and the
 * non-page CSP, which the page CSP (securityHeaders) or a route of its own replaces.
 */
export const baselineHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  res.setHeader('Content-Security-Policy', NON_PAGE_CSP);
  next();
};

export function securityHeaders(options: SecurityHeaderOptions): RequestHandler[] {
  const { publicScriptHash } = options;
  const nonce: RequestHandler = (req, res, next) => {
    if (!publicScriptHash || isAdminPath(req.path)) res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  };
  return [
    nonce,
    helmet({
      contentSecurityPolicy: options.contentSecurityPolicy
        ? {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: [
                "'self'",
                (_req, res) => {
                  const { cspNonce } = (res as unknown as { locals: Locals }).locals;
                  return cspNonce ? `'nonce-${cspNonce}'` : `'${publicScriptHash}'`;
                },
              ],
              // No inline <script>, no event handler attribute, no eval: only our files, nonces and hash.
              scriptSrcAttr: ["'none'"],
              // Inline style attributes are used by React (server-rendered `style`) and Radix
              // (positioning); styles cannot run code, unlike scripts.
              styleSrc: ["'self'", "'unsafe-inline'"],
              // Team photos and covers may be https URLs typed by the admin; data: for tiny icons.
              imgSrc: ["'self'", 'data:', 'https:'],
              fontSrc: ["'self'"],
              // Same-origin fetches and the admin's websocket (ws:/wss: on this host).
              connectSrc: ["'self'"],
              manifestSrc: ["'self'"],
              workerSrc: ["'self'"],
              // The email previews of the back-office are sandboxed srcdoc frames.
              frameSrc: ["'self'"],
              objectSrc: ["'none'"],
              baseUri: ["'none'"],
              formAction: ["'self'"],
              frameAncestors: ["'none'"],
              ...(options.https ? { upgradeInsecureRequests: [] } : {}),
            },
          }
        : false,
      strictTransportSecurity:
        options.production && options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // Not helmet's `no-referrer`: with it Chromium sends `Origin: null` on plain form posts
      // (pages working without JavaScript), which React Router's own CSRF check refuses.
      // Other sites still see only our origin, never a path.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
    }),
    // In development pages have no CSP at all: the baseline's load-nothing one would block them.
    ...(options.contentSecurityPolicy
      ? []
      : [
          ((_req, res, next) => {
            res.removeHeader('Content-Security-Policy');
            next();
          }) satisfies RequestHandler,
        ]),
  ];
}
