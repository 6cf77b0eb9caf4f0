/**
 * The brute-force limits of every sign-in step (docs/decisions/008-admin-authentication.md,
 * docs/decisions/079-second-factor.md): the password, the current password asked before a change,
 * and each second factor (an authenticator code, a recovery code, a passkey). Only failures
 * count: an attempt first reserves a failure (one atomic upsert, so a burst of parallel guesses
 * cannot all pass the check), then gives it back when it was refused or succeeded.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Request } from 'express';
import type { Database } from '#db/client.ts';
import { adminUsers } from '#db/schema.ts';
import { HttpError } from '../errors.ts';
import { RATE_LIMITS, type RateLimitRule } from '../security/limits.ts';
import {
  hitRateLimit,
  type RateLimitResult,
  releaseRateLimitHit,
  resetRateLimit,
  restartRateLimitWindow,
} from '../security/rate-limit.ts';
import { verifyPassword } from './password.ts';

export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new HttpError(
    429,
    'too_many_attempts',
    `Trop de tentatives de connexion. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

const emailDigest = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 32);

/** The email is hashed in the key: the counters table keeps no address someone mistyped. */
export const accountIpKey = (email: string, ip: string) => `login-fail:${emailDigest(email)}:${ip}`;
export const ipKey = (ip: string) => `login-fail-ip:${ip}`;
/** Second-step failures of one account from every address: its password is known to whoever tries. */
export const secondFactorAccountKey = (email: string) => `second-factor-fail:${emailDigest(email)}`;

/** Counts one attempt as a failure in advance; past the limit, gives it back and refuses (429). */
export async function reserveAttempt(
  db: Database,
  key: string,
  rule: RateLimitRule,
  at: Date,
  req: Request,
): Promise<RateLimitResult> {
  const result = await hitRateLimit(db, key, rule, at);
  if (!result.allowed) {
    await releaseRateLimitHit(db, key);
    req.log.warn(
      { ip: req.ip, limit: rule.limit, retryAfterSeconds: result.retryAfterSeconds },
      'admin sign-in refused: too many failed attempts (lockout)',
    );
    throw tooManyAttempts(result.retryAfterSeconds);
  }
  return result;
}

type Reservation = { key: string; rule: RateLimitRule; result: RateLimitResult };

/**
 * The failures one attempt reserved, under every rule it falls under; `failed` keeps them (the
 * failure that reaches a limit starts its full refusal period), `succeeded` clears the account's
 * counters and gives the others back, `refunded` gives every one back.
 */
export type Attempt = {
  failed: () => Promise<void>;
  succeeded: () => Promise<void>;
  refunded: () => Promise<void>;
};

/**
 * Reserves one failure under each rule, in order; when one refuses, the ones already reserved
 * are given back. Keys listed in `clearOnSuccess` are forgotten by a success; the others are
 * given back their hit.
 */
export async function reserveAttempts(
  db: Database,
  req: Request,
  at: Date,
  rules: Array<{ key: string; rule: RateLimitRule; clearOnSuccess?: boolean }>,
): Promise<Attempt> {
  const reserved: Array<Reservation & { clearOnSuccess: boolean }> = [];
  try {
    for (const { key, rule, clearOnSuccess = false } of rules) {
      const result = await reserveAttempt(db, key, rule, at, req);
      reserved.push({ key, rule, result, clearOnSuccess });
    }
  } catch (error) {
    for (const r of reserved) await releaseRateLimitHit(db, r.key);
    throw error;
  }
  return {
    failed: async () => {
      for (const r of reserved) {
        if (r.result.count === r.rule.limit) await restartRateLimitWindow(db, r.key, at);
      }
    },
    succeeded: async () => {
      for (const r of reserved) {
        if (r.clearOnSuccess) await resetRateLimit(db, r.key);
        else await releaseRateLimitHit(db, r.key);
      }
    },
    refunded: async () => {
      for (const r of reserved) await releaseRateLimitHit(db, r.key);
    },
  };
}

/** The rules of a sign-in step for a known account from `ip`. */
export function signInRules(email: string, ip: string, secondStep: boolean) {
  return [
    { key: accountIpKey(email, ip), rule: RATE_LIMITS.loginFailuresPerAccountIp, clearOnSuccess: true },
    { key: ipKey(ip), rule: RATE_LIMITS.loginFailuresPerIp },
    ...(secondStep
      ? [
          {
            key: secondFactorAccountKey(email),
            rule: RATE_LIMITS.secondFactorFailuresPerAccount,
            clearOnSuccess: true,
          },
        ]
      : []),
  ];
}

/**
 * The signed-in admin's current password, asked before a change to how they sign in (their
 * password, their second factors): a wrong one counts as a failed login, so a stolen session
 * cannot guess it at will, and answers 400 on the `currentPassword` field.
 */
export async function confirmCurrentPassword(
  db: Database,
  req: Request,
  user: { id: string; email: string },
  currentPassword: string,
  at: Date,
): Promise<void> {
  const ip = req.ip ?? 'unknown';
  const attempt = await reserveAttempts(db, req, at, [
    { key: accountIpKey(user.email, ip), rule: RATE_LIMITS.loginFailuresPerAccountIp, clearOnSuccess: true },
  ]);
  const [row] = await db
    .select({ passwordHash: adminUsers.passwordHash })
    .from(adminUsers)
    .where(eq(adminUsers.id, user.id));
  if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) {
    await attempt.failed();
    throw new HttpError(400, 'validation_error', 'Certains champs sont invalides.', {
      currentPassword: 'Mot de passe actuel incorrect.',
    });
  }
  await attempt.succeeded();
}
