/**
 * The one anti-bot field the public forms keep: `website`, hidden from people, filled by bots.
 * A filled one is refused with a clear French 400, never answered "done" while nothing is kept
 * (docs/decisions/026-anti-spam.md). There is no timing trap: a person using the browser's
 * autofill can send a form within a second. Per-IP and per-address limits, and the newsletter's
 * double opt-in, do the rest.
 */
import { badRequest } from '../errors.ts';

export const HONEYPOT_MESSAGE =
  'Envoi refusé\u00a0: un champ réservé à la détection des robots a été rempli. Si vous êtes une personne, écrivez-nous directement par email.';

export function refuseFilledHoneypot(body: { website?: string }): void {
  if (body.website && body.website.trim() !== '')
    throw badRequest(HONEYPOT_MESSAGE, { website: HONEYPOT_MESSAGE });
}
