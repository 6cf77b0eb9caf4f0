/**
 * The answer to a method a path does not take: 405, with the methods it does take in `Allow`
 * (RFC 9110, 405 Method Not Allowed), and the API's JSON error shape.
 */
import type { Request, Response } from 'express';

export function refuseMethod(res: Response, allowed: readonly string[]): void {
  res.setHeader('Allow', allowed.join(', '));
  res.status(405).json({ error: { code: 'method_not_allowed', message: 'Méthode non autorisée.' } });
}

/**
 * The start of a route serving files (images): nosniff on every answer, and only GET and HEAD;
 * any other method gets a plain-text 405. True when the request may go on.
 */
export function fileReadAllowed(req: Request, res: Response): boolean {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  res.setHeader('Allow', 'GET, HEAD');
  res.status(405).type('text/plain; charset=utf-8').send('Méthode non autorisée.');
  return false;
}
