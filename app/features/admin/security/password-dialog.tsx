/**
 * The dialogs that ask for the signed-in admin's current password before a change to sign-in (a
 * factor added or removed, recovery codes replaced, a colleague's second factor reset): the
 * server's refusal of the password is said under its field, anything else in a toast.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Resolver } from 'react-hook-form';
import { type CurrentPassword, CurrentPasswordSchema } from '#common/schemas/second-factor.ts';
import { fieldProps } from '~/components/form-fields';
import type { AdminMutation } from '../data/admin-data';
import { reportOn, useAdminForm } from '../kit/admin-form';
import { FormDialog } from '../kit/dialog-frame';
import { PasswordField } from '../settings/password-panel';

const passwordResolver = zodResolver(CurrentPasswordSchema as never) as unknown as Resolver<CurrentPassword>;

/** What a PasswordDialog says: its title, what the change does, its button, a failure's toast title. */
export type PasswordTexts = { title: string; description: string; submitLabel: string; failure: string };

/**
 * A dialog asking for the current password before `onSubmit`; the server's refusal of the password is
 * said under its field, anything else in a toast titled `failure`.
 */
export function PasswordDialog({
  failure,
  onSubmit,
  children,
  ...dialog
}: PasswordTexts & {
  pending: boolean;
  onClose: () => void;
  onSubmit: (currentPassword: string, onError: (error: unknown) => void) => void;
  children?: ReactNode;
}) {
  const form = useAdminForm(passwordResolver, { currentPassword: '' });
  const field = fieldProps(form.register, form.formState.errors);
  const onError = reportOn(form, ['currentPassword'], { title: failure });
  return (
    <FormDialog
      {...dialog}
      onSubmit={form.handleSubmit(({ currentPassword }) => onSubmit(currentPassword, onError))}
    >
      {children}
      <PasswordField {...field('currentPassword')} />
    </FormDialog>
  );
}

/**
 * A change the current password alone allows: what its dialog says, and the request, sent
 * `{ currentPassword }` with `variables` beside it (the passkey to delete).
 */
export type PasswordChange<TData, TVariables extends CurrentPassword> = PasswordTexts & {
  mutation: AdminMutation<TData, TVariables>;
  variables?: Omit<TVariables, 'currentPassword'>;
};

/** The PasswordDialog of a PasswordChange; `onDone` gets the answer (by default the dialog closes). */
export function PasswordChangeDialog<TData, TVariables extends CurrentPassword>({
  mutation,
  variables,
  onClose,
  onDone = onClose,
  ...texts
}: PasswordChange<TData, TVariables> & { onClose: () => void; onDone?: (data: TData) => void }) {
  const change = useMutation(mutation({ onSuccess: onDone }));
  return (
    <PasswordDialog
      {...texts}
      pending={change.isPending}
      onClose={onClose}
      onSubmit={(currentPassword, onError) =>
        change.mutate({ ...variables, currentPassword } as TVariables, { onError })
      }
    />
  );
}
