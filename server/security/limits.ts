/**
 * Every rate limit of the site, in one place. Counters live in PostgreSQL (server/security/
 * rate-limit.ts), so the limits hold across server instances.
 */
const MINUTE = 60_000;

export const RATE_LIMITS = {
  /** Lead submissions (quote, call, contact) per client IP. An office behind one address can
   *  still send several; a script cannot flood the sales inbox. */
  contactPerIp: { limit: 10, windowMs: 15 * MINUTE },
  /** Newsletter subscriptions per client IP. */
  newsletterPerIp: { limit: 10, windowMs: 15 * MINUTE },
  /** Bookings, moves and cancellations of discovery calls from one IP: each one sends emails. */
  callChangesPerIp: { limit: 20, windowMs: 15 * MINUTE },
  /** Confirmation emails sent again to one pending address: nobody can flood a mailbox. */
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
