/**
 * The signed-in admin's own password (POST /api/auth/password, the rules of docs/product.md §5.4, shared with
 * the server): current password, new one, confirmation. On success the other sessions of the account are
 * closed by the server; this one stays open.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps } from 'react';
import type { Resolver } from 'react-hook-form';
import { type PasswordChange, PasswordChangeSchema } from '#common/schemas/auth.ts';
import { fieldProps, TextField } from '~/components/form-fields';
import { useAdminForm, useFormWrite } from '../kit/admin-form';
import { PanelSubmit } from '../kit/buttons';
import { RequiredStep, SettingsCard } from '../kit/page';
import { changePasswordMutation } from './data';

/**
 * The password fields of the back-office, by name: the current password is asked again before any
 * change to one's sign-in (here, and in the "Sécurité" tab's dialogs).
 */
const PASSWORD_FIELDS = {
  currentPassword: { label: 'Mot de passe actuel', autoComplete: 'current-password' },
  newPassword: { label: 'Nouveau mot de passe', autoComplete: 'new-password' },
  confirmPassword: { label: 'Confirmer le nouveau mot de passe', autoComplete: 'new-password' },
} as const;

/** A password field registered under one of PASSWORD_FIELDS' names, with that field's label. */
export function PasswordField({
  name,
  ...props
}: { name: keyof typeof PASSWORD_FIELDS } & Omit<ComponentProps<typeof TextField>, 'label' | 'type'>) {
  return <TextField type="password" {...PASSWORD_FIELDS[name]} name={name} {...props} />;
}

/** The form's fields, in their order on screen. */
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const resolver = zodResolver(PasswordChangeSchema as never) as unknown as Resolver<PasswordChange>;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordPanel() {
  const form = useAdminForm(resolver, EMPTY);
  const field = fieldProps(form.register, form.formState.errors);
  const change = useFormWrite(form, changePasswordMutation, {
    failure: 'Échec du changement de mot de passe',
    onSuccess: () => form.reset(EMPTY),
  });
  return (
    <SettingsCard
      titleId="password-title"
      title="Mon mot de passe"
      description="Au moins 12 caractères, et pas un mot de passe courant ; une phrase de plusieurs mots est plus sûre et plus facile à retenir. Vos sessions ouvertes sur d’autres appareils seront fermées."
      className="max-w-xl"
    >
      <form noValidate className="space-y-4" onSubmit={change.onSubmit}>
        {FIELDS.map((name) => (
          <PasswordField key={name} {...field(name)} />
        ))}
        <PanelSubmit pending={change.pending} label="Changer le mot de passe" />
      </form>
    </SettingsCard>
  );
}

/**
 * Shown instead of every admin screen while the signed-in admin's password no longer meets the
 * policy (checked by the server at login, docs/decisions/027-password-policy.md).
 */
export function PasswordChangeRequired() {
  return (
    <RequiredStep
      titleId="password-required-title"
      title="Choisissez un nouveau mot de passe"
      reason="Votre mot de passe actuel est trop court ou trop courant pour protéger les données de vos clients. Choisissez-en un nouveau pour accéder au back-office."
      className="max-w-xl"
    >
      <PasswordPanel />
    </RequiredStep>
  );
}
