/**
 * The answer to a method a path does not take: 405, with the methods it does take in `Allow`
 * (RFC 9110, 405 Method Not Allowed), and the API's JSON error shape.
 */
import type { Response } from 'express';

export function refuseMethod(res: Response, allowed: readonly string[]): void {
  res.setHeader('Allow', allowed.join(', '));
  res.status(405).json({ error: { code: 'method_not_allowed', message: 'Méthode non autorisée.' } });
}
