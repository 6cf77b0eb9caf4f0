/**
 * The admins' second factor (docs/decisions/079-second-factor.md), shared by the login screen, the
 * "Sécurité" settings tab and the server. Routes:
 *
 * Sign-in (no session; the pending sign-in is an HttpOnly cookie set by the password step):
 * - POST /api/auth/login                    AdminLogin -> { user } | { secondFactor: { methods } }
 * - POST /api/auth/login/totp               TotpCode -> { user }
 * - POST /api/auth/login/recovery           RecoveryCode -> { user }
 * - POST /api/auth/login/passkey/options    -> { options } (the pending admin's passkeys)
 * - POST /api/auth/login/passkey            PasskeyAssertion -> { user }
 * - POST /api/auth/passkey/options          -> { options } (any passkey of the site: no password)
 * - POST /api/auth/passkey                  PasskeyAssertion -> { user }
 *
 * One's own factors (a session, even one that must still set up a factor):
 * - GET    /api/auth/second-factor                      -> SecondFactorStatus
 * - POST   /api/auth/second-factor/totp                 CurrentPassword -> TotpSetup (shown once)
 * - POST   /api/auth/second-factor/totp/confirm         TotpCode -> { recoveryCodes } (shown once)
 * - POST   /api/auth/second-factor/totp/disable         CurrentPassword -> 204
 * - POST   /api/auth/second-factor/recovery-codes       CurrentPassword -> { recoveryCodes }
 * - POST   /api/auth/second-factor/passkeys/options     CurrentPassword -> { options }
 * - POST   /api/auth/second-factor/passkeys             PasskeyRegistration -> 201 { passkey, recoveryCodes? }
 * - PATCH  /api/auth/second-factor/passkeys/:id         PasskeyRename -> { passkey }
 * - POST   /api/auth/second-factor/passkeys/:id/delete  CurrentPassword -> 204
 *
 * The policy (behind the admin gate; role admin):
 * - PUT    /api/admin/security/policy                   SecondFactorPolicy -> SecondFactorPolicy
 */
import { z } from 'zod';
import { AUTH_MAX_LENGTH } from './auth.ts';
import { requiredLine, strictObjectError } from './fields.ts';

export const RECOVERY_CODE_COUNT = 10;
export const PASSKEY_NAME_MAX = 60;

export type SecondFactorMethod = 'totp' | 'passkey' | 'recovery';

/** What a password step answers when a second step is needed. */
export type SecondFactorChallenge = { secondFactor: { methods: SecondFactorMethod[] } };

export type PasskeySummary = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

export type SecondFactorStatus = {
  passkeys: PasskeySummary[];
  totp: { enabled: boolean; confirmedAt: string | null };
  recoveryCodesLeft: number;
  /** The policy: every admin must use a second factor. */
  secondFactorRequired: boolean;
  /** Whether this admin may change the policy (role admin). */
  canChangePolicy: boolean;
};

export type TotpSetup = { secret: string; otpauthUrl: string; qrSvg: string };
export type RecoveryCodes = { recoveryCodes: string[] };

/** Lower case, without the spaces and dashes a person types or copies. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

const TOTP_MESSAGE = 'Saisissez les 6 chiffres affichés par l’application.';
export const TotpCodeSchema = z.strictObject(
  {
    code: z
      .string({ error: TOTP_MESSAGE })
      .transform((v) => v.replace(/\s/g, ''))
      .pipe(z.string().regex(/^\d{6}$/, { error: TOTP_MESSAGE })),
  },
  strictObjectError,
);
export type TotpCode = z.input<typeof TotpCodeSchema>;

const RECOVERY_MESSAGE = 'Un code de secours a 16 lettres et chiffres, par exemple k7m2-x9qp-4hrt-wz3c.';
export const RecoveryCodeSchema = z.strictObject(
  {
    code: z
      .string({ error: RECOVERY_MESSAGE })
      .max(64, { error: RECOVERY_MESSAGE })
      .transform(normalizeRecoveryCode)
      .pipe(z.string().regex(/^[a-z2-7]{16}$/, { error: RECOVERY_MESSAGE })),
  },
  strictObjectError,
);
export type RecoveryCode = z.input<typeof RecoveryCodeSchema>;

const CURRENT_PASSWORD_MESSAGE = 'Saisissez votre mot de passe actuel.';
/** Asked before any change to one's factors: a session left open is not enough to change them. */
export const CurrentPasswordSchema = z.strictObject(
  {
    currentPassword: z
      .string({ error: CURRENT_PASSWORD_MESSAGE })
      .min(1, { error: CURRENT_PASSWORD_MESSAGE })
      .max(AUTH_MAX_LENGTH.password, { error: CURRENT_PASSWORD_MESSAGE }),
  },
  strictObjectError,
);
export type CurrentPassword = z.infer<typeof CurrentPasswordSchema>;

const PASSKEY_NAME_MESSAGE = 'Donnez un nom à cette clé, par exemple « Téléphone de Nadine ».';
const passkeyName = requiredLine(PASSKEY_NAME_MESSAGE, 1, PASSKEY_NAME_MAX);

export const PasskeyRenameSchema = z.strictObject({ name: passkeyName }, strictObjectError);
export type PasskeyRename = z.infer<typeof PasskeyRenameSchema>;

const PASSKEY_RESPONSE_MESSAGE = 'La réponse de la clé d’accès est invalide.';
const base64url = (max: number) =>
  z
    .string({ error: PASSKEY_RESPONSE_MESSAGE })
    .max(max, { error: PASSKEY_RESPONSE_MESSAGE })
    .regex(/^[A-Za-z0-9_-]*$/, { error: PASSKEY_RESPONSE_MESSAGE });

/** The fields every WebAuthn answer has (what @simplewebauthn/browser returns), sizes bounded. */
const credentialFields = {
  id: base64url(1024).min(1, { error: PASSKEY_RESPONSE_MESSAGE }),
  rawId: base64url(1024).min(1, { error: PASSKEY_RESPONSE_MESSAGE }),
  type: z.literal('public-key', { error: PASSKEY_RESPONSE_MESSAGE }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

const RegistrationResponseSchema = z.object(
  {
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url(8_192),
      attestationObject: base64url(32_768),
      authenticatorData: base64url(32_768).optional(),
      transports: z.array(z.string().max(32)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url(8_192).optional(),
    }),
  },
  { error: PASSKEY_RESPONSE_MESSAGE },
);

const AuthenticationResponseSchema = z.object(
  {
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url(8_192),
      authenticatorData: base64url(32_768),
      signature: base64url(8_192),
      userHandle: base64url(1024).optional(),
    }),
  },
  { error: PASSKEY_RESPONSE_MESSAGE },
);

export const PasskeyRegistrationSchema = z.strictObject(
  { name: passkeyName, response: RegistrationResponseSchema },
  strictObjectError,
);
export type PasskeyRegistration = z.input<typeof PasskeyRegistrationSchema>;

export const PasskeyAssertionSchema = z.strictObject(
  { response: AuthenticationResponseSchema, rememberMe: z.boolean().optional().default(false) },
  strictObjectError,
);
export type PasskeyAssertion = z.input<typeof PasskeyAssertionSchema>;

export const SecondFactorPolicySchema = z.strictObject(
  { secondFactorRequired: z.boolean({ error: 'Choisissez oui ou non.' }) },
  strictObjectError,
);
export type SecondFactorPolicy = z.infer<typeof SecondFactorPolicySchema>;
