/**
 * Admin authentication (docs/product.md §4.3, §5.4, §7.3): POST /api/auth/login, GET /api/auth/me,
 * POST /api/auth/logout, POST /api/auth/password, the second step of a sign-in and the sign-in
 * with a passkey alone (docs/decisions/079-second-factor.md; one's own factors are managed by
 * server/api/second-factor.ts, mounted here); and adminGate, mounted before every /api/admin
 * router: every /api/auth and /api/admin answer is `Cache-Control: no-store`, every
 * state-changing call there passes the CSRF check, and /api/admin/* answers 401 without a valid
 * session.
 *
 * Brute force (server/auth/attempts.ts): only failures count, per account+IP (5, then 15 minutes
 * of refusal) and per IP across accounts, at every step; a complete sign-in clears its
 * account+IP counter. The owner logging in from another address is never locked out by an
 * attacker elsewhere.
 */
import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { z } from 'zod';
import { AdminLoginSchema, PasswordChangeSchema } from '#common/schemas/auth.ts';
import {
  PasskeyAssertionSchema,
  RecoveryCodeSchema,
  type SecondFactorChallenge,
  TotpCodeSchema,
} from '#common/schemas/second-factor.ts';
import type { Database } from '#db/client.ts';
import {
  adminByEmail,
  adminById,
  changePassword,
  setPasswordChangeRequired,
  signOut,
} from '../auth/accounts.ts';
import { confirmCurrentPassword, ipKey, reserveAttempts, signInRules } from '../auth/attempts.ts';
import { clearSessionCookie, readSessionToken, sessionCookieFor, setSessionCookie } from '../auth/cookie.ts';
import { forgetFirstAdminPassword } from '../auth/first-admin-password.ts';
import {
  authenticationOptions,
  type PasskeyResponse,
  passkeyByCredential,
  relyingPartyFor,
  verifyPasskeyAssertion,
} from '../auth/passkeys.ts';
import { generatePassword, hashPassword, verifyPassword } from '../auth/password.ts';
import { passwordPolicyProblem } from '../auth/password-policy.ts';
import {
  endPendingLogin,
  type PendingLogin,
  pendingCookieFor,
  readPendingLogin,
  startPendingLogin,
} from '../auth/pending-login.ts';
import { useRecoveryCode } from '../auth/recovery-codes.ts';
import { adminOf, currentAdmin, requireAdmin, unauthenticated } from '../auth/require-admin.ts';
import { factorsOf, hasSecondFactor, methodsOf } from '../auth/second-factor.ts';
import {
  type Clock,
  createSession,
  revokeSessionByToken,
  type SessionUser,
  systemClock,
  validateSession,
} from '../auth/sessions.ts';
import { acceptTotpCode, totpOf } from '../auth/totp.ts';
import { HttpError } from '../errors.ts';
import { parseInput } from '../http/validate.ts';
import type { EventBus } from '../realtime/event-bus.ts';
import { csrfProtection } from '../security/csrf.ts';
import { RATE_LIMITS } from '../security/limits.ts';
import { hitRateLimit, rateLimited } from '../security/rate-limit.ts';
import { secondFactorRouter } from './second-factor.ts';

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
  /**
   * DATA_DIR: the first admin's password file there (server/auth/first-admin-password.ts) is
   * deleted at that admin's first sign-in.
   */
  dataDir?: string;
};

const INVALID_CREDENTIALS = 'Email ou mot de passe incorrect.';
const invalidCredentials = () => new HttpError(401, 'invalid_credentials', INVALID_CREDENTIALS);

const loginExpired = () =>
  new HttpError(
    401,
    'login_expired',
    'Votre connexion a expiré. Saisissez à nouveau votre email et votre mot de passe.',
  );

/** A wrong second step: the message is also the field's, under the code the admin typed. */
const wrongSecondFactor = (message: string, field?: string) =>
  new HttpError(401, 'invalid_second_factor', message, field ? { [field]: message } : undefined);
const WRONG_TOTP = 'Code incorrect. Vérifiez l’heure de votre téléphone et réessayez.';
const WRONG_RECOVERY = 'Code de secours incorrect ou déjà utilisé.';
const WRONG_PASSKEY = 'Cette clé d’accès n’a pas été reconnue.';

/**
 * An argon2id hash of a random password, verified against when the email is unknown so the answer
 * takes as long as for a real account. Computed once, on the first login attempt.
 */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword(generatePassword());
  return dummyHash;
};

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
  secondFactorSetupRequired: user.secondFactorSetupRequired ?? false,
});

/** What the sign-in routes share: the database, the clock, the cookies, the relying party (passkeys). */
type SignIn = {
  db: Database;
  events: AuthApiDeps['events'];
  now: Clock;
  cookie: ReturnType<typeof sessionCookieFor>;
  pendingCookie: ReturnType<typeof pendingCookieFor>;
  rp: ReturnType<typeof relyingPartyFor>;
  dataDir: string | undefined;
};

/**
 * The end of every successful sign-in: the pending step is over, a session token sent before is
 * revoked and never reused (no session fixation), a brand-new session is opened.
 */
async function openSession(
  ctx: SignIn,
  req: Request,
  res: Response,
  userId: string,
  rememberMe: boolean,
  method: string,
) {
  const { db, events, now, cookie, pendingCookie } = ctx;
  const at = now();
  await endPendingLogin(db, req, res, pendingCookie);
  await revokeSessionByToken(db, readSessionToken(req, cookie), at, events);
  const session = await createSession(
    db,
    { userId, rememberMe, ip: req.ip, userAgent: req.get('User-Agent') },
    at,
  );
  setSessionCookie(
    res,
    cookie,
    session.token,
    rememberMe ? session.expiresAt.getTime() - at.getTime() : undefined,
  );
  const valid = await validateSession(db, session.token, at);
  if (!valid) throw new Error('a session just opened is not valid');
  req.log.info({ userId, sessionId: session.sessionId, method }, 'admin logged in');
  if (ctx.dataDir && (await forgetFirstAdminPassword(ctx.dataDir, valid.user.email))) {
    req.log.info({ userId }, 'first admin password file deleted at its first sign-in');
  }
  res.json({ user: publicUser(valid.user) });
}

/** The password, first step of a sign-in: a session, or the second factor awaited. */
function mountPasswordSignIn(router: Router, ctx: SignIn): void {
  const { db, now, pendingCookie } = ctx;
  router.post('/auth/login', async (req, res) => {
    const input = parseInput(AdminLoginSchema, req.body);
    const email = input.email.toLowerCase();
    const ip = req.ip ?? 'unknown';
    const at = now();
    const attempt = await reserveAttempts(db, req, at, signInRules(email, ip, false));

    const user = await adminByEmail(db, email);
    // Always one argon2 verification, whether the account exists or not.
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
    if (!user || !passwordOk || !user.isActive) {
      await attempt.failed();
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

    // The one moment the server sees the password: one that no longer meets the policy (set before
    // it, or through ADMIN_PASSWORD) is kept working, and its owner is asked for a new one.
    const passwordChangeRequired = passwordPolicyProblem(input.password) !== null;
    if (passwordChangeRequired !== user.passwordChangeRequired) {
      await setPasswordChangeRequired(db, user.id, passwordChangeRequired);
    }

    const factors = await factorsOf(db, user.id);
    if (hasSecondFactor(factors)) {
      // The password alone clears no counter: someone who knows it could otherwise alternate a
      // right password and wrong codes for ever. Only the complete sign-in does.
      await attempt.refunded();
      await startPendingLogin(
        db,
        req,
        res,
        pendingCookie,
        { userId: user.id, rememberMe: input.rememberMe },
        at,
      );
      req.log.info({ userId: user.id, ip }, 'admin password accepted; second factor awaited');
      const answer: SecondFactorChallenge = { secondFactor: { methods: methodsOf(factors) } };
      res.json(answer);
      return;
    }
    await attempt.succeeded();
    await openSession(ctx, req, res, user.id, input.rememberMe, 'password');
  });
}

/**
 * A second step of the pending sign-in, its body checked by `schema`: counted like a password
 * (per account+IP, per IP) and per account from every address; `check` says whether the factor
 * given is right.
 */
function secondStep<S extends z.ZodType>(
  ctx: SignIn,
  method: string,
  schema: S,
  check: (input: z.output<S>, pending: PendingLogin, at: Date) => Promise<boolean>,
  refusal: () => HttpError,
): RequestHandler {
  const { db, now, pendingCookie } = ctx;
  return async (req, res) => {
    const input = parseInput(schema, req.body);
    const at = now();
    const pending = await readPendingLogin(db, req, pendingCookie, at);
    if (!pending) throw loginExpired();
    const ip = req.ip ?? 'unknown';
    const attempt = await reserveAttempts(db, req, at, signInRules(pending.user.email, ip, true));
    if (!(await check(input, pending, at))) {
      await attempt.failed();
      req.log.info({ userId: pending.user.id, ip, method }, 'admin second factor refused');
      throw refusal();
    }
    await attempt.succeeded();
    await openSession(ctx, req, res, pending.user.id, pending.rememberMe, method);
  };
}

/** The pending sign-in's second steps: a TOTP code, a recovery code or a passkey. */
function mountSecondSteps(router: Router, ctx: SignIn): void {
  const { db, now, pendingCookie, rp } = ctx;
  router.post(
    '/auth/login/totp',
    secondStep(
      ctx,
      'totp',
      TotpCodeSchema,
      async ({ code }, pending, at) => {
        const totp = await totpOf(db, pending.user.id);
        return totp?.confirmedAt ? acceptTotpCode(db, totp, code, at) : false;
      },
      () => wrongSecondFactor(WRONG_TOTP, 'code'),
    ),
  );

  router.post(
    '/auth/login/recovery',
    secondStep(
      ctx,
      'recovery code',
      RecoveryCodeSchema,
      ({ code }, pending, at) => useRecoveryCode(db, pending.user.id, code, at),
      () => wrongSecondFactor(WRONG_RECOVERY, 'code'),
    ),
  );

  router.post('/auth/login/passkey/options', async (req, res) => {
    const at = now();
    const pending = await readPendingLogin(db, req, pendingCookie, at);
    if (!pending) throw loginExpired();
    const step = { pendingLoginId: pending.id, userId: pending.user.id };
    res.json({ options: await authenticationOptions(db, rp, step, at) });
  });

  router.post(
    '/auth/login/passkey',
    secondStep(
      ctx,
      'passkey',
      PasskeyAssertionSchema,
      async ({ response }, pending, at) =>
        (await verifyPasskeyAssertion(
          db,
          rp,
          response as PasskeyResponse,
          { pendingLoginId: pending.id, userId: pending.user.id },
          at,
        )) !== null,
      () => wrongSecondFactor(WRONG_PASSKEY),
    ),
  );
}

/** The sign-in with a passkey alone. */
function mountPasskeySignIn(router: Router, ctx: SignIn): void {
  const { db, now, rp } = ctx;
  // A sign-in with a passkey alone: the passkey, with its user verification (a PIN, a fingerprint),
  // stands for the password and the second factor at once.
  router.post('/auth/passkey/options', async (req, res) => {
    const at = now();
    const ip = req.ip ?? 'unknown';
    // Each call stores a challenge: an anonymous caller may not fill the table.
    const limit = await hitRateLimit(db, `passkey-options:${ip}`, RATE_LIMITS.passkeyOptionsPerIp, at);
    if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);
    res.json({ options: await authenticationOptions(db, rp, null, at) });
  });

  router.post('/auth/passkey', async (req, res) => {
    const input = parseInput(PasskeyAssertionSchema, req.body);
    const at = now();
    const ip = req.ip ?? 'unknown';
    const passkey = await passkeyByCredential(db, input.response.id);
    const user = passkey ? await adminById(db, passkey.userId) : undefined;
    // A key the site does not know counts against the address only: it names no account.
    const attempt = await reserveAttempts(
      db,
      req,
      at,
      user ? signInRules(user.email, ip, true) : [{ key: ipKey(ip), rule: RATE_LIMITS.loginFailuresPerIp }],
    );
    const verified = await verifyPasskeyAssertion(db, rp, input.response as PasskeyResponse, null, at);
    if (!verified || !user?.isActive || verified.userId !== user.id) {
      await attempt.failed();
      req.log.info({ userId: user?.id, ip }, 'admin passkey sign-in refused');
      throw wrongSecondFactor(WRONG_PASSKEY);
    }
    await attempt.succeeded();
    await openSession(ctx, req, res, user.id, input.rememberMe, 'passkey');
  });
}

/** The session's user, sign-out and the password change. */
function mountSession(router: Router, ctx: SignIn, guard: RequestHandler): void {
  const { db, events, now, cookie, pendingCookie } = ctx;
  const authDeps = { db, cookie, now };
  router.get('/auth/me', async (req, res) => {
    const admin = await currentAdmin(authDeps, req, res);
    if (!admin) throw unauthenticated();
    res.json({ user: publicUser(admin.user) });
  });

  router.post('/auth/logout', async (req, res) => {
    await signOut(db, readSessionToken(req, cookie), now(), events);
    clearSessionCookie(res, cookie);
    // "Annuler" on the second step signs out too: the pending sign-in goes with it.
    await endPendingLogin(db, req, res, pendingCookie);
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
    const at = now();
    await confirmCurrentPassword(db, req, admin.user, input.currentPassword, at);
    const passwordHash = await hashPassword(input.newPassword);
    await changePassword(db, admin, passwordHash, at, events);
    req.log.info({ userId: admin.user.id }, 'admin password changed; other sessions revoked');
    res.status(204).end();
  });
}

export function authApiRouter(deps: AuthApiDeps): Router {
  const { db, events } = deps;
  const now = deps.now ?? systemClock;
  const cookie = sessionCookieFor(deps.publicUrl);
  const ctx: SignIn = {
    db,
    events,
    now,
    cookie,
    pendingCookie: pendingCookieFor(cookie),
    rp: relyingPartyFor(deps.publicUrl),
    dataDir: deps.dataDir,
  };
  const guard = requireAdmin({ db, cookie, now });
  const router = Router();

  router.use(
    '/auth',
    noStore,
    csrfProtection({ publicUrl: deps.publicUrl, trustedOrigins: deps.trustedOrigins }),
  );
  mountPasswordSignIn(router, ctx);
  mountSecondSteps(router, ctx);
  mountPasskeySignIn(router, ctx);
  mountSession(router, ctx, guard);
  // One's own second factors: a session is enough, even one that must first set up a factor.
  router.use('/auth/second-factor', guard, secondFactorRouter({ db, rp: ctx.rp, now, events }));

  return router;
}

/** A step of the admin gate: a 403 (`code`, `message`) while the signed-in admin's account is `pending`. */
function refusedWhile(
  pending: (user: SessionUser) => boolean | undefined,
  code: string,
  message: string,
): RequestHandler {
  return (_req, res, next) => {
    if (pending(adminOf(res).user)) throw new HttpError(403, code, message);
    next();
  };
}

/**
 * What stands before every /api/admin router, mounted with them in one place
 * (`api.use('/admin', adminGate(deps), ...routers)`, server/app.ts): no caching, the CSRF check,
 * a valid session (the routers see `res.locals.admin`) and a password the policy accepts.
 */
export function adminGate(deps: Omit<AuthApiDeps, 'events'>): RequestHandler[] {
  const now = deps.now ?? systemClock;
  const guard = requireAdmin({ db: deps.db, cookie: sessionCookieFor(deps.publicUrl), now });
  // A password the policy refuses opens nothing but its own replacement (/auth/password).
  const passwordAccepted = refusedWhile(
    (user) => user.passwordChangeRequired,
    'password_change_required',
    'Choisissez un nouveau mot de passe avant de continuer.',
  );
  // The policy requires a second factor this admin has not set up: only /auth/second-factor opens.
  const secondFactorReady = refusedWhile(
    (user) => user.secondFactorSetupRequired,
    'second_factor_required',
    'Activez une double authentification avant de continuer.',
  );
  return [
    noStore,
    csrfProtection({ publicUrl: deps.publicUrl, trustedOrigins: deps.trustedOrigins }),
    guard,
    passwordAccepted,
    secondFactorReady,
  ];
}
