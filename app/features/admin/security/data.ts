/**
 * The "Sécurité" tab's data (docs/decisions/079-second-factor.md): one's own second factors under
 * /api/auth/second-factor, and the policy under /api/admin/security. Every change but a rename
 * sends the current password; the dialogs show the server's field messages themselves.
 */
import type {
  CurrentPassword,
  PasskeySummary,
  RecoveryCodes,
  SecondFactorStatus,
  TotpSetup,
} from '#common/schemas/second-factor.ts';
import { apiRequest } from '~/lib/api';
import { createAdminMutation, createAdminQuery } from '../data/admin-data';
import { AUTH_ME_KEY } from '../data/queries';
import { passkeyCreation } from './webauthn';

export const SECOND_FACTOR_KEY = '/api/auth/second-factor';

export const secondFactorQuery = createAdminQuery<SecondFactorStatus>({
  queryKey: [SECOND_FACTOR_KEY],
  url: SECOND_FACTOR_KEY,
});

/** A change to one's factors may open or close the back-office (the policy): auth-me is read again. */
const REFRESHES = [SECOND_FACTOR_KEY, AUTH_ME_KEY] as const;

export const startTotpMutation = createAdminMutation({
  method: 'POST',
  url: `${SECOND_FACTOR_KEY}/totp`,
  body: (input: CurrentPassword) => input,
  read: (body: TotpSetup) => body,
});

export const confirmTotpMutation = createAdminMutation({
  method: 'POST',
  url: `${SECOND_FACTOR_KEY}/totp/confirm`,
  body: (input: { code: string }) => input,
  read: (body: RecoveryCodes) => body.recoveryCodes,
  invalidates: REFRESHES,
  toast: () => ({
    title: 'Application d’authentification activée',
    description: 'Conservez vos codes de secours en lieu sûr.',
  }),
});

export const disableTotpMutation = createAdminMutation({
  method: 'POST',
  url: `${SECOND_FACTOR_KEY}/totp/disable`,
  body: (input: CurrentPassword) => input,
  invalidates: REFRESHES,
  toast: () => ({
    title: 'Application d’authentification désactivée',
    description: 'Vos autres sessions ont été fermées.',
  }),
});

export const replaceRecoveryCodesMutation = createAdminMutation({
  method: 'POST',
  url: `${SECOND_FACTOR_KEY}/recovery-codes`,
  body: (input: CurrentPassword) => input,
  read: (body: RecoveryCodes) => body.recoveryCodes,
  invalidates: REFRESHES,
});

/** The whole ceremony: options behind the password, the browser's new key, its registration. */
export const addPasskeyMutation = createAdminMutation({
  run: async ({ currentPassword, name }: { currentPassword: string; name: string }) => {
    const response = await passkeyCreation(`${SECOND_FACTOR_KEY}/passkeys/options`, currentPassword);
    const answer = await apiRequest('POST', `${SECOND_FACTOR_KEY}/passkeys`, { name, response });
    return (await answer.json()) as { passkey: PasskeySummary; recoveryCodes?: string[] };
  },
  invalidates: REFRESHES,
  toast: ({ passkey }) => ({ title: 'Clé d’accès ajoutée', description: passkey.name }),
});

export const renamePasskeyMutation = createAdminMutation({
  method: 'PATCH',
  url: ({ id }: { id: string; name: string }) => `${SECOND_FACTOR_KEY}/passkeys/${encodeURIComponent(id)}`,
  body: ({ name }) => ({ name }),
  read: (body: { passkey: PasskeySummary }) => body.passkey,
  invalidates: [SECOND_FACTOR_KEY],
  toast: (passkey) => ({ title: 'Clé d’accès renommée', description: passkey.name }),
});

export const deletePasskeyMutation = createAdminMutation({
  method: 'POST',
  url: ({ passkey }: { passkey: PasskeySummary; currentPassword: string }) =>
    `${SECOND_FACTOR_KEY}/passkeys/${encodeURIComponent(passkey.id)}/delete`,
  body: ({ currentPassword }) => ({ currentPassword }),
  invalidates: REFRESHES,
  toast: ({ passkey }) => ({
    title: 'Clé d’accès supprimée',
    description: `${passkey.name} : vos autres sessions ont été fermées.`,
  }),
});

export const setPolicyMutation = createAdminMutation({
  method: 'PUT',
  url: '/api/admin/security/policy',
  body: (input: { secondFactorRequired: boolean }) => input,
  read: (body: { secondFactorRequired: boolean }) => body,
  invalidates: [SECOND_FACTOR_KEY],
  toast: ({ secondFactorRequired }) => ({
    title: secondFactorRequired ? 'Double authentification exigée' : 'Double authentification facultative',
    description: secondFactorRequired
      ? 'Chaque administrateur devra utiliser un second facteur.'
      : 'Chaque administrateur choisit s’il en utilise un.',
  }),
  errorToast: { title: 'Échec de la modification' },
});
