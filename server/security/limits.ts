/**
 * Every rate limit of the site, in one place. Counters live in PostgreSQL (server/security/
 * rate-limit.ts), so the limits hold across server instances.
 */
const MINUTE = 60_000;

export const RATE_LIMITS = {
  /** Lead submissions (quote, call, contact) per client IP that notify the staff. Past it, a lead
   *  is still kept and answered as usual, but "À vérifier" and without a staff email or push: most
   *  phones in Kinshasa share a few carrier addresses, an office shares one, so no lead is lost
   *  and a script cannot flood the sales inbox (docs/decisions/083-leads-kept-for-review.md). */
  contactPerIp: { limit: 10, windowMs: 15 * MINUTE },
  /** The leads' flood ceiling per client IP: past it, refused (429) and nothing is kept; the
   *  browser keeps the form filled for a later try (decision 083). */
  contactCeilingPerIp: { limit: 200, windowMs: 24 * 60 * MINUTE },
  /** Newsletter sign-ups per client IP that notify the staff; past it, kept "À vérifier" (083). */
  newsletterPerIp: { limit: 10, windowMs: 15 * MINUTE },
  /** The sign-ups' flood ceiling per client IP: past it, refused (429), nothing kept (083). */
  newsletterCeilingPerIp: { limit: 200, windowMs: 24 * 60 * MINUTE },
  /** Manage links asked from one client IP: each one may send an email. */
  newsletterManageLinksPerIp: { limit: 10, windowMs: 15 * MINUTE },
  /** Bookings, moves and cancellations of discovery calls through one lead's link: each one sends
   *  emails. Counted per link, not per address: visitors behind one carrier address each have their
   *  own (decision 083). */
  callChangesPerLink: { limit: 20, windowMs: 15 * MINUTE },
  /** The call changes' flood ceiling per client IP, whatever the link (083). */
  callChangesCeilingPerIp: { limit: 200, windowMs: 24 * 60 * MINUTE },
  /** Emails answering sign-ups of one address (the confirmation, first or again, or "déjà
   *  inscrit(e)" to a subscribed one), whatever its state: nobody can flood a mailbox, and the cap
   *  tells nothing about the address either. */
  newsletterConfirmResendPerAddress: { limit: 4, windowMs: 60 * MINUTE },
  /** New manage links sent to one address (expired link): same reasoning. */
  newsletterManageLinkPerAddress: { limit: 4, windowMs: 60 * MINUTE },
  /** Failed admin logins for one account from one IP: the 5th failure starts 15 minutes of
   *  refusal for that pair only, so an attacker elsewhere never locks the real owner out. */
  loginFailuresPerAccountIp: { limit: 5, windowMs: 15 * MINUTE },
  /** Failed admin logins from one IP across all accounts: one address cannot spray passwords. */
  loginFailuresPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Failed second steps (authenticator code, recovery code, passkey) of one account from every
   *  address: whoever tries knows the password, so spreading guesses over many addresses must not
   *  buy more than 10 of the million codes per 15 minutes (docs/decisions/079-second-factor.md). */
  secondFactorFailuresPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  /** Passkey sign-in options asked from one IP: each stores a challenge for five minutes. */
  passkeyOptionsPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Blog views counted per client IP: a reader sends one per post and browser session; an
   *  office behind one address reads many posts, a script cannot inflate the counts. */
  postViewsPerIp: { limit: 60, windowMs: 60 * MINUTE },
} as const;

export type RateLimitRule = { limit: number; windowMs: number };
