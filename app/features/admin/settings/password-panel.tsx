/**
 * The signed-in admin's own password (POST /api/auth/password, the rules of docs/product.md §5.4, shared with
 * the server): current password, new one, confirmation. On success the other sessions of the account are
 * closed by the server; this one stays open.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { Resolver } from 'react-hook-form';
import { type PasswordChange, PasswordChangeSchema } from '#common/schemas/auth.ts';
import { TextField } from '~/components/form-fields';
import { reportOn, useAdminForm } from '../admin-form';
import { Card, PanelSubmit } from '../ui';
import { changePasswordMutation } from './data';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const resolver = zodResolver(PasswordChangeSchema as never) as unknown as Resolver<PasswordChange>;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordPanel() {
  const form = useAdminForm(resolver, EMPTY);
  const { errors } = form.formState;
  const change = useMutation(
    changePasswordMutation({
      onSuccess: () => form.reset(EMPTY),
      onError: reportOn(form, FIELDS, { title: 'Échec du changement de mot de passe' }),
    }),
  );
  return (
    <Card aria-labelledby="password-title" className="max-w-xl">
      <h2 id="password-title" className="text-lg font-semibold text-gray-900">
        Mon mot de passe
      </h2>
      <p className="mt-1 mb-4 text-sm text-gray-600">
        Au moins 12 caractères, et pas un mot de passe courant&nbsp;; une phrase de plusieurs mots est plus
        sûre et plus facile à retenir. Vos sessions ouvertes sur d'autres appareils seront fermées.
      </p>
      <form noValidate className="space-y-4" onSubmit={form.handleSubmit((input) => change.mutate(input))}>
        <TextField
          label="Mot de passe actuel"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <TextField
          label="Nouveau mot de passe"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <TextField
          label="Confirmer le nouveau mot de passe"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <PanelSubmit pending={change.isPending} label="Changer le mot de passe" />
      </form>
    </Card>
  );
}

/**
 * Shown instead of every admin screen while the signed-in admin's password no longer meets the
 * policy (checked by the server at login, docs/decisions/027-password-policy.md).
 */
export function PasswordChangeRequired() {
  return (
    <section aria-labelledby="password-required-title" className="mx-auto max-w-xl space-y-4">
      <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
        <h1 id="password-required-title" className="text-lg font-semibold">
          Choisissez un nouveau mot de passe
        </h1>
        <p className="mt-1 text-sm">
          Votre mot de passe actuel est trop court ou trop courant pour protéger les données de vos clients.
          Choisissez-en un nouveau pour accéder au back-office.
        </p>
      </div>
      <PasswordPanel />
    </section>
  );
}
