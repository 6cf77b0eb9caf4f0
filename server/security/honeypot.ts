/**
 * The one anti-bot field the public forms keep: `website`, hidden from people, filled by bots.
 * A filled one is no longer refused: a browser's autofill can fill it for a person, so the
 * submission is kept "À vérifier" with this reason, answered like any other, and the staff are not
 * notified until one of them says "Ce n'est pas du spam" (docs/decisions/083-leads-kept-for-
 * review.md, which amends 026). There is no timing trap: a person using the browser's autofill
 * can send a form within a second. The per-address limits and the newsletter's double opt-in do
 * the rest.
 */

export const HONEYPOT_REVIEW_REASON = 'Champ réservé à la détection des robots rempli';

/** The reason to keep the submission "À vérifier" when its honeypot is filled, else null. */
export function honeypotReviewReason(body: { website?: string }): string | null {
  return body.website && body.website.trim() !== '' ? HONEYPOT_REVIEW_REASON : null;
}

/** The reasons of one submission as one text, or null when there is none. */
export function reviewReasonOf(...reasons: (string | null)[]): string | null {
  const given = reasons.filter((reason): reason is string => reason !== null);
  return given.length > 0 ? given.join(' ; ') : null;
}
