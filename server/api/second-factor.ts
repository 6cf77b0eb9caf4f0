/**
 * One's own second factors, under /api/auth/second-factor (mounted by server/api/auth.ts behind
 * the session guard, so that an admin the policy holds back can still set one up), and the policy
 * under /api/admin/security (behind the admin gate). Contract: common/schemas/second-factor.ts;
 * why: docs/decisions/079-second-factor.md.
 *
 * Every change asks for the current password. Removing a factor, disabling the app or replacing
 * the recovery codes ends the account's other sessions (one of them may have been opened with what
 * is being withdrawn), as does the first factor (the others were opened with the password alone).
 * The last factor cannot be removed while the policy requires one.
 */
import { type Request, type Response, Router } from 'express';
import {
  CurrentPasswordSchema,
  PasskeyRegistrationSchema,
  PasskeyRenameSchema,
  SecondFactorPolicySchema,
  TotpCodeSchema,
} from '#common/schemas/second-factor.ts';
import type { Database } from '#db/client.ts';
import { confirmCurrentPassword } from '../auth/attempts.ts';
import {
  changeSecondFactorPolicy,
  disableTotp,
  enableTotp,
  passkeyAdded,
  passkeyOf,
  removePasskey,
  renamePasskey,
  renewRecoveryCodes,
} from '../auth/factor-changes.ts';
import {
  type PasskeyRegistrationResponse,
  presentPasskey,
  type RelyingParty,
  registerPasskey,
  registrationOptions,
} from '../auth/passkeys.ts';
import { type AdminContext, adminOf } from '../auth/require-admin.ts';
import {
  factorsOf,
  hasSecondFactor,
  POLICY_ROLE,
  secondFactorRequired,
  secondFactorStatus,
} from '../auth/second-factor.ts';
import type { Clock } from '../auth/sessions.ts';
import { acceptTotpCode, startTotpSetup, totpOf } from '../auth/totp.ts';
import { badRequest, HttpError } from '../errors.ts';
import { parseInput } from '../http/validate.ts';
import type { EventBus } from '../realtime/event-bus.ts';

export type SecondFactorDeps = {
  db: Database;
  rp: RelyingParty;
  now: Clock;
  events?: Pick<EventBus, 'publish'>;
};

const conflict = (code: string, message: string) => new HttpError(409, code, message);
const passkeyNotFound = () => new HttpError(404, 'not_found', 'Clé d’accès introuvable.');
const LAST_FACTOR_REQUIRED =
  'La double authentification est exigée pour tous les administrateurs : ajoutez une autre clé d’accès ou l’application d’authentification avant de retirer celle-ci.';

export function secondFactorRouter(deps: SecondFactorDeps): Router {
  const { db, rp, now, events } = deps;
  const router = Router();

  /** The current password of the request's body, checked; the signed-in admin. */
  async function confirmed(req: Request, res: Response): Promise<AdminContext> {
    const admin = adminOf(res);
    const { currentPassword } = parseInput(CurrentPasswordSchema, req.body);
    await confirmCurrentPassword(db, req, admin.user, currentPassword, now());
    return admin;
  }

  /** Refuses to remove the admin's last factor while the policy requires one. */
  async function assertNotLastRequired(userId: string, removing: { totp?: boolean; passkey?: boolean }) {
    if (!(await secondFactorRequired(db))) return;
    const factors = await factorsOf(db, userId);
    const left = (factors.totp && !removing.totp ? 1 : 0) + factors.passkeys - (removing.passkey ? 1 : 0);
    if (left <= 0) throw conflict('second_factor_required', LAST_FACTOR_REQUIRED);
  }

  router.get('/', async (_req, res) => {
    res.json(await secondFactorStatus(db, adminOf(res).user));
  });

  // ---- authenticator app ------------------------------------------------------------------

  router.post('/totp', async (req, res) => {
    const admin = await confirmed(req, res);
    const existing = await totpOf(db, admin.user.id);
    if (existing?.confirmedAt) {
      throw conflict('totp_enabled', 'L’application d’authentification est déjà activée.');
    }
    res.json(await startTotpSetup(db, admin.user, now()));
  });

  router.post('/totp/confirm', async (req, res) => {
    const admin = adminOf(res);
    const { code } = parseInput(TotpCodeSchema, req.body);
    const at = now();
    const totp = await totpOf(db, admin.user.id);
    if (!totp || totp.confirmedAt) {
      throw conflict('no_totp_setup', 'Commencez par « Activer l’application d’authentification ».');
    }
    if (!(await acceptTotpCode(db, totp, code, at))) {
      throw badRequest('Certains champs sont invalides.', {
        code: 'Code incorrect. Vérifiez l’heure de votre téléphone et réessayez.',
      });
    }
    const hadFactor = hasSecondFactor(await factorsOf(db, admin.user.id));
    const recoveryCodes = await enableTotp({ db, events }, admin, hadFactor, at);
    req.log.info({ userId: admin.user.id }, 'admin authenticator app enabled');
    res.json({ recoveryCodes });
  });

  router.post('/totp/disable', async (req, res) => {
    const admin = await confirmed(req, res);
    const totp = await totpOf(db, admin.user.id);
    if (!totp?.confirmedAt)
      throw conflict('totp_disabled', 'L’application d’authentification n’est pas activée.');
    await assertNotLastRequired(admin.user.id, { totp: true });
    const at = now();
    await disableTotp({ db, events }, admin, at);
    req.log.info({ userId: admin.user.id }, 'admin authenticator app disabled; other sessions revoked');
    res.status(204).end();
  });

  // ---- recovery codes ---------------------------------------------------------------------

  router.post('/recovery-codes', async (req, res) => {
    const admin = await confirmed(req, res);
    if (!hasSecondFactor(await factorsOf(db, admin.user.id))) {
      throw conflict(
        'no_second_factor',
        'Ajoutez d’abord une clé d’accès ou l’application d’authentification.',
      );
    }
    const at = now();
    const recoveryCodes = await renewRecoveryCodes({ db, events }, admin, at);
    res.json({ recoveryCodes });
  });

  // ---- passkeys ---------------------------------------------------------------------------

  router.post('/passkeys/options', async (req, res) => {
    const admin = await confirmed(req, res);
    res.json({ options: await registrationOptions(db, rp, admin.user, admin.session.id, now()) });
  });

  router.post('/passkeys', async (req, res) => {
    const admin = adminOf(res);
    const input = parseInput(PasskeyRegistrationSchema, req.body);
    const at = now();
    const hadFactor = hasSecondFactor(await factorsOf(db, admin.user.id));
    const passkey = await registerPasskey(
      db,
      rp,
      admin.user.id,
      admin.session.id,
      { name: input.name, response: input.response as PasskeyRegistrationResponse },
      at,
    );
    if (!passkey) {
      throw badRequest('La clé d’accès n’a pas pu être enregistrée : recommencez.', {});
    }
    // The first factor: it gets its recovery codes, and the sessions opened by password alone end.
    const recoveryCodes = await passkeyAdded({ db, events }, admin, passkey, hadFactor, at);
    req.log.info({ userId: admin.user.id, passkeyId: passkey.id }, 'admin passkey added');
    res.status(201).json({ passkey: presentPasskey(passkey), ...(recoveryCodes ? { recoveryCodes } : {}) });
  });

  router.patch('/passkeys/:id', async (req, res) => {
    const admin = adminOf(res);
    const { name } = parseInput(PasskeyRenameSchema, req.body);
    const row = await renamePasskey(db, admin.user.id, passkeyId(req), name);
    if (!row) throw passkeyNotFound();
    res.json({ passkey: presentPasskey(row) });
  });

  router.post('/passkeys/:id/delete', async (req, res) => {
    const id = passkeyId(req);
    const admin = await confirmed(req, res);
    const passkey = await passkeyOf(db, admin.user.id, id);
    if (!passkey) throw passkeyNotFound();
    await assertNotLastRequired(admin.user.id, { passkey: true });
    const at = now();
    await removePasskey({ db, events }, admin, passkey, at);
    req.log.info(
      { userId: admin.user.id, passkeyId: passkey.id },
      'admin passkey removed; other sessions revoked',
    );
    res.status(204).end();
  });

  return router;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The :id of the path; anything but a UUID is an unknown key (never reaches the database). */
function passkeyId(req: Request): string {
  const id = String(req.params.id ?? '');
  if (!UUID.test(id)) throw passkeyNotFound();
  return id;
}

/**
 * The sign-in policy, under /api/admin (behind the admin gate): whether every admin must use a
 * second factor. Only role admin may change it, and only while having one themselves (turning it on
 * without one would lock its author out of the back-office at once).
 */
export function securityAdminRouter(deps: { db: Database; now?: Clock }): Router {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const router = Router();
  router.put('/security/policy', async (req, res) => {
    const admin = adminOf(res);
    if (admin.user.role !== POLICY_ROLE) {
      throw new HttpError(403, 'forbidden', 'Seul un administrateur peut changer cette règle.');
    }
    const { secondFactorRequired: required } = parseInput(SecondFactorPolicySchema, req.body);
    if (required && !hasSecondFactor(await factorsOf(db, admin.user.id))) {
      throw conflict(
        'no_second_factor',
        'Activez d’abord une double authentification sur votre propre compte.',
      );
    }
    const before = await secondFactorRequired(db);
    if (before !== required) {
      await changeSecondFactorPolicy(db, required, admin.user.id, now());
    }
    res.json({ secondFactorRequired: required });
  });
  return router;
}
