/**
 * The settings screen's data: one query definition per list (keys start with the API path, like
 * every admin query) and the writes of its panels. Its forms report server errors through
 * app/lib/api.ts.
 */
import type { PasswordChange } from '#common/schemas/auth.ts';
import {
  type AdminSetting,
  type AdminStat,
  formatStat,
  settingCategoryLabel,
} from '#common/schemas/settings-labels.ts';
import type { AdminAccount } from '#common/schemas/users-admin.ts';
import { createAdminMutation, createAdminQuery } from '../data/admin-data';
import { AUTH_ME_KEY, SETTINGS_KEY } from '../data/queries';

export const STATS_KEY = '/api/admin/settings/stats';
export const USERS_KEY = '/api/admin/users';

export const settingsQuery = createAdminQuery({
  queryKey: [SETTINGS_KEY],
  url: SETTINGS_KEY,
  pick: (body: { settings: AdminSetting[] }) => body.settings,
});

export const statsAdminQuery = createAdminQuery({
  queryKey: [STATS_KEY],
  url: STATS_KEY,
  pick: (body: { stats: AdminStat[] }) => body.stats,
});

export const usersQuery = createAdminQuery({
  queryKey: [USERS_KEY],
  url: USERS_KEY,
  pick: (body: { users: AdminAccount[] }) => body.users,
});

// ---- site settings ----------------------------------------------------------------------------

/** One card's changed settings, by key; the answer is every setting, as the server normalised them. */
export const saveSettingsMutation = createAdminMutation({
  method: 'PATCH',
  url: SETTINGS_KEY,
  body: ({ values }: { category: string; values: Record<string, string> }) => values,
  read: (body: { settings: AdminSetting[] }) => body.settings,
  updates: (saved) => [settingsQuery.queryKey, saved],
  toast: (_, { category }) => ({
    title: 'Paramètres enregistrés',
    description: settingCategoryLabel(category),
  }),
});

// ---- company figures --------------------------------------------------------------------------

const statUrl = (id: string) => `${STATS_KEY}/${encodeURIComponent(id)}`;

export const reorderStatsMutation = createAdminMutation({
  method: 'PUT',
  url: `${STATS_KEY}/order`,
  body: (ids: string[]) => ({ ids }),
  read: (body: { stats: AdminStat[] }) => body.stats,
  updates: (saved) => [statsAdminQuery.queryKey, saved],
  // The answer is the new order; a refused one means the list shown is out of date.
  invalidates: [STATS_KEY],
  refreshOn: 'error',
  toast: () => ({ title: 'Ordre enregistré' }),
  errorToast: { title: 'Échec du changement d’ordre' },
});

export const deleteStatMutation = createAdminMutation({
  method: 'DELETE',
  url: (stat: AdminStat) => statUrl(stat.id),
  invalidates: [STATS_KEY],
  toast: (stat) => ({ title: 'Chiffre clé supprimé', description: stat.name }),
  errorToast: { title: 'Échec de la suppression' },
});

/** Creation (no id) or change of a figure, from the dialog; the dialog shows field errors itself. */
export const saveStatMutation = createAdminMutation({
  method: ({ id }: { id: string | null; values: StatDraft }) => (id ? 'PATCH' : 'POST'),
  url: ({ id }) => (id ? statUrl(id) : STATS_KEY),
  body: ({ values }) => values,
  read: (body: { stat: AdminStat }) => body.stat,
  invalidates: [STATS_KEY],
  toast: (saved, { id }) => ({
    title: id ? 'Chiffre clé enregistré' : 'Chiffre clé ajouté',
    description: `${saved.name} : ${formatStat(saved)}`,
  }),
});

export type StatDraft = { name: string; value: string; unit: string; description: string; isActive: boolean };

// ---- accounts ---------------------------------------------------------------------------------

const userUrl = (id: string) => `${USERS_KEY}/${encodeURIComponent(id)}`;
/** A new account or a reset password: the generated password, shown once. */
export type GeneratedPassword = { user: AdminAccount; password: string };

export const setUserActiveMutation = createAdminMutation({
  method: 'PATCH',
  url: ({ user }: { user: AdminAccount; isActive: boolean }) => userUrl(user.id),
  body: ({ isActive }) => ({ isActive }),
  read: (body: { user: AdminAccount }) => body.user,
  invalidates: [USERS_KEY],
  toast: (user) => ({
    title: user.isActive ? 'Compte réactivé' : 'Compte désactivé',
    description: user.isActive ? user.email : `${user.email} : ses sessions ont été fermées.`,
  }),
  errorToast: { title: 'Échec de la modification' },
});

export const resetPasswordMutation = createAdminMutation({
  method: 'POST',
  url: (user: AdminAccount) => `${userUrl(user.id)}/password`,
  read: (body: GeneratedPassword) => body,
  invalidates: [USERS_KEY],
  errorToast: { title: 'Échec de la réinitialisation' },
});

/**
 * An administrator resets a colleague's second factor, with their own password (the dialog shows
 * its refusal under the field): the colleague's factors and sessions go, and they are emailed.
 */
export const resetSecondFactorMutation = createAdminMutation({
  method: 'POST',
  url: ({ user }: { user: AdminAccount; currentPassword: string }) =>
    `${userUrl(user.id)}/second-factor/reset`,
  body: ({ currentPassword }) => ({ currentPassword }),
  invalidates: [USERS_KEY],
  toast: (_answer, { user }) => ({
    title: 'Double authentification réinitialisée',
    description: `${user.email} va recevoir un email ; à sa prochaine connexion, il ou elle en ajoutera une nouvelle.`,
  }),
});

/** From the dialog, which shows field errors itself. */
export const createUserMutation = createAdminMutation({
  method: 'POST',
  url: USERS_KEY,
  body: (input: { email: string; firstName: string; lastName: string }) => input,
  read: (body: GeneratedPassword) => body,
  invalidates: [USERS_KEY],
});

// ---- own password -----------------------------------------------------------------------------

export const changePasswordMutation = createAdminMutation({
  method: 'POST',
  url: '/api/auth/password',
  body: (input: PasswordChange) => input,
  // A password the policy asked to replace no longer holds the back-office closed.
  invalidates: [AUTH_ME_KEY],
  toast: () => ({
    title: 'Mot de passe modifié',
    description: 'Vos autres sessions ont été fermées ; celle-ci reste ouverte.',
  }),
});
