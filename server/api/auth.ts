/**
 * Admin authentication (docs/product.md §4.3, §5.4, §7.3): POST /api/auth/login, GET /api/auth/me,
 * POST /api/auth/logout, POST /api/auth/password; and adminGate, mounted before every /api/admin
 * router: every /api/auth and /api/admin answer is `Cache-Control: no-store`, every
 * state-changing call there passes the CSRF check, and /api/admin/* answers 401 without a valid
 * session.
 *
 * Brute force: only failures count, per account+IP (5, then 15 minutes of refusal) and per IP
 * across accounts; a success clears its account+IP counter. The owner logging in from another
 * address is never locked out by an attacker elsewhere.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Request, type RequestHandler, Router } from 'express';
import { AdminLoginSchema, PasswordChangeSchema } from '#common/schemas/auth.ts';
import type { Database } from '#db/client.ts';
import { adminUsers } from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import { clearSessionCookie, readSessionToken, sessionCookieFor, setSessionCookie } from '../auth/cookie.ts';
import { generatePassword, hashPassword, verifyPassword } from '../auth/password.ts';
import { passwordPolicyProblem } from '../auth/password-policy.ts';
import { adminOf, currentAdmin, requireAdmin, unauthenticated } from '../auth/require-admin.ts';
import {
  type Clock,
  createSession,
  revokeOtherSessions,
  revokeSessionByToken,
  type SessionUser,
  systemClock,
} from '../auth/sessions.ts';
import { HttpError } from '../errors.ts';
import { parseInput } from '../http/validate.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { csrfProtection } from '../security/csrf.ts';
import { RATE_LIMITS, type RateLimitRule } from '../security/limits.ts';
import {
  hitRateLimit,
  type RateLimitResult,
  releaseRateLimitHit,
  resetRateLimit,
  restartRateLimitWindow,
} from '../security/rate-limit.ts';

export type AuthApiDeps = {
  db: Database;
  /** The site's address: cookie name and flags; a trusted origin of the CSRF check. */
  publicUrl: string;
  /** Other origins allowed to make cross-origin state-changing calls (TRUSTED_ORIGINS). */
  trustedOrigins?: readonly string[];
  /** Injectable so tests can move time; the system clock otherwise. */
  now?: Clock;
  /**
   * Given, every revocation (logout, password change) is announced on it so the websockets of the
   * ended sessions close at once on every instance (server/realtime/ws-server.ts).
   */
  events?: Pick<EventBus, 'publish'>;
};

const INVALID_CREDENTIALS = 'Email ou mot de passe incorrect.';
const invalidCredentials = () => new HttpError(401, 'invalid_credentials', INVALID_CREDENTIALS);

function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new HttpError(
    429,
    'too_many_attempts',
    `Trop de tentatives de connexion. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** The email is hashed in the key: the counters table keeps no address someone mistyped. */
const accountIpKey = (email: string, ip: string) =>
  `login-fail:${createHash('sha256').update(email).digest('hex').slice(0, 32)}:${ip}`;
const ipKey = (ip: string) => `login-fail-ip:${ip}`;

/**
 * An argon2id hash of a random password, verified against when the email is unknown so the answer
 * takes as long as for a real account. Computed once, on the first login attempt.
 */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword(generatePassword());
  return dummyHash;
};

/** Counts one attempt as a failure in advance; past the limit, gives it back and refuses (429). */
async function reserveAttempt(
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

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

const publicUser = (user: SessionUser): SessionUser => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
  passwordChangeRequired: user.passwordChangeRequired,
});

export function authApiRouter(deps: AuthApiDeps): Router {
  const { db, events } = deps;
  const now = deps.now ?? systemClock;
  const cookie = sessionCookieFor(deps.publicUrl);
  const authDeps = { db, cookie, now };
  const guard = requireAdmin(authDeps);
  const router = Router();

  router.use(
    '/auth',
    noStore,
    csrfProtection({ publicUrl: deps.publicUrl, trustedOrigins: deps.trustedOrigins }),
  );

  router.post('/auth/login', async (req, res) => {
    const input = parseInput(AdminLoginSchema, req.body);
    const email = input.email.toLowerCase();
    const ip = req.ip ?? 'unknown';
    const at = now();
    const pairKey = accountIpKey(email, ip);

    const addressKey = ipKey(ip);
    // Each attempt first reserves a failure (one atomic upsert), so a burst of parallel guesses
    // cannot all pass the check before any failure is recorded; refusals and successes give the
    // reservation back, so only failures count in the end.
    const pair = await reserveAttempt(db, pairKey, RATE_LIMITS.loginFailuresPerAccountIp, at, req);
    try {
      await reserveAttempt(db, addressKey, RATE_LIMITS.loginFailuresPerIp, at, req);
    } catch (error) {
      await releaseRateLimitHit(db, pairKey);
      throw error;
    }

    const [user] = await db.select().from(adminUsers).where(eq(adminUsers.email, email)).limit(1);
    // Always one argon2 verification, whether the account exists or not.
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
    if (!user || !passwordOk || !user.isActive) {
      // The failure that reaches the limit starts the full refusal period.
      if (pair.count === RATE_LIMITS.loginFailuresPerAccountIp.limit)
        await restartRateLimitWindow(db, pairKey, at);
      req.log.info(
        {
          userId: user?.id,
          ip,
          reason: !user ? 'unknown email' : !passwordOk ? 'wrong password' : 'inactive account',
        },
        'admin login failed',
      );
      throw invalidCredentials();
    }

    await resetRateLimit(db, pairKey);
    await releaseRateLimitHit(db, addressKey);
    // The one moment the server sees the password: one that no longer meets the policy (set before
    // it, or through ADMIN_PASSWORD) is kept working, and its owner is asked for a new one.
    const passwordChangeRequired = passwordPolicyProblem(input.password) !== null;
    if (passwordChangeRequired !== user.passwordChangeRequired) {
      await db.update(adminUsers).set({ passwordChangeRequired }).where(eq(adminUsers.id, user.id));
    }
    // A session token sent before login is revoked and never reused: a new one is issued.
    await revokeSessionByToken(db, readSessionToken(req, cookie), at, events);
    const session = await createSession(
      db,
      { userId: user.id, rememberMe: input.rememberMe, ip, userAgent: req.get('User-Agent') },
      at,
    );
    setSessionCookie(
      res,
      cookie,
      session.token,
      input.rememberMe ? session.expiresAt.getTime() - at.getTime() : undefined,
    );
    req.log.info({ userId: user.id, sessionId: session.sessionId }, 'admin logged in');
    res.json({ user: publicUser({ ...user, passwordChangeRequired }) });
  });

  router.get('/auth/me', async (req, res) => {
    const admin = await currentAdmin(authDeps, req, res);
    if (!admin) throw unauthenticated();
    res.json({ user: publicUser(admin.user) });
  });

  router.post('/auth/logout', async (req, res) => {
    await db.transaction(async (tx) => {
      await revokeSessionByToken(tx, readSessionToken(req, cookie), now(), events);
    });
    clearSessionCookie(res, cookie);
    // The browser's HTTP cache goes with the session (docs/decisions/020-pwa.md). The
    // service worker never stores admin data, and "cache" leaves its public caches alone.
    res.setHeader('Clear-Site-Data', '"cache"');
    res.status(204).end();
  });

  router.post('/auth/password', guard, async (req, res) => {
    const admin = adminOf(res);
    const input = parseInput(PasswordChangeSchema, req.body);
    const weakness = passwordPolicyProblem(input.newPassword);
    if (weakness) {
      throw new HttpError(400, 'validation_error', 'Certains champs sont invalides.', {
        newPassword: weakness,
      });
    }
    const ip = req.ip ?? 'unknown';
    const at = now();
    // A wrong current password counts as a failed login: a stolen session cannot guess it at will.
    const pairKey = accountIpKey(admin.user.email, ip);
    const pair = await reserveAttempt(db, pairKey, RATE_LIMITS.loginFailuresPerAccountIp, at, req);

    const [user] = await db
      .select({ passwordHash: adminUsers.passwordHash })
      .from(adminUsers)
      .where(eq(adminUsers.id, admin.user.id));
    if (!user) throw unauthenticated();
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      if (pair.count === RATE_LIMITS.loginFailuresPerAccountIp.limit)
        await restartRateLimitWindow(db, pairKey, at);
      throw new HttpError(400, 'validation_error', 'Certains champs sont invalides.', {
        currentPassword: 'Mot de passe actuel incorrect.',
      });
    }

    await resetRateLimit(db, pairKey);
    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await tx
        .update(adminUsers)
        .set({ passwordHash, passwordChangeRequired: false, updatedAt: at })
        .where(eq(adminUsers.id, admin.user.id));
      await revokeOtherSessions(tx, admin.user.id, admin.session.id, at, events);
      await logActivity(tx, {
        type: 'user.password_changed',
        title: `Mot de passe modifié : ${admin.user.email}`,
        description: 'Les autres sessions de ce compte ont été fermées.',
        userId: admin.user.id,
      });
    });
    req.log.info({ userId: admin.user.id }, 'admin password changed; other sessions revoked');
    res.status(204).end();
  });

  return router;
}

/**
 * What stands before every /api/admin router, mounted with them in one place
 * (`api.use('/admin', adminGate(deps), ...routers)`, server/app.ts): no caching, the CSRF check,
 * a valid session (the routers see `res.locals.admin`) and a password the policy accepts.
 */
export function adminGate(deps: Omit<AuthApiDeps, 'events'>): RequestHandler[] {
  const now = deps.now ?? systemClock;
  const guard = requireAdmin({ db: deps.db, cookie: sessionCookieFor(deps.publicUrl), now });
  const passwordAccepted: RequestHandler = (_req, res, next) => {
    // A password the policy refuses opens nothing but its own replacement (/auth/password).
    if (adminOf(res).user.passwordChangeRequired) {
      throw new HttpError(
        403,
        'password_change_required',
        'Choisissez un nouveau mot de passe avant de continuer.',
      );
    }
    next();
  };
  return [
    noStore,
    csrfProtection({ publicUrl: deps.publicUrl, trustedOrigins: deps.trustedOrigins }),
    guard,
    passwordAccepted,
  ];
}
