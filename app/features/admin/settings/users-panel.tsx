/**
 * The back-office accounts: who can sign in, their role (one role exists, docs/product.md §6.2: shown, never
 * chosen), when they last logged in, and whether they are active. A new account gets a generated
 * password shown once, in a dialog with a copy button, for the admin to hand over; deactivating
 * someone ends their open sessions at once. Nobody deactivates their own account here.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, Copy, KeyRound, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import {
  type AdminAccount,
  AdminUserCreateSchema,
  adminFullName,
  adminRoleLabel,
} from '#common/schemas/users-admin.ts';
import { EmailAddress } from '~/components/email-address';
import { Sending, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { toast } from '~/lib/toast';
import { reportOn, useAdminForm } from '../admin-form';
import { ConfirmDialog } from '../confirm-dialog';
import { AdminDialog, DialogBody, DialogFooter, DialogForm } from '../dialog-frame';
import { meQuery } from '../queries';
import {
  Badge,
  Card,
  EmptyState,
  ErrorState,
  FormActions,
  formatDateTime,
  LoadingState,
  NewItemButton,
} from '../ui';
import {
  createUserMutation,
  type GeneratedPassword,
  resetPasswordMutation,
  setUserActiveMutation,
  usersQuery,
} from './data';

type Revealed = { user: AdminAccount; password: string; reason: 'created' | 'reset' };

export function UsersPanel() {
  const users = useQuery(usersQuery);
  const me = useQuery(meQuery);
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [deactivating, setDeactivating] = useState<AdminAccount | null>(null);
  const [resetting, setResetting] = useState<AdminAccount | null>(null);
  const setActive = useMutation(setUserActiveMutation({ onSuccess: () => setDeactivating(null) }));
  const reset = useMutation(
    resetPasswordMutation({
      onSuccess: (result) => {
        setResetting(null);
        setRevealed({ ...result, reason: 'reset' });
      },
    }),
  );

  return (
    <Card aria-labelledby="users-title">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="users-title" className="text-lg font-semibold text-gray-900">
            Utilisateurs
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            Les personnes qui peuvent se connecter à l'administration. Un compte désactivé ne peut plus se
            connecter et ses sessions ouvertes sont fermées immédiatement.
          </p>
        </div>
        <NewItemButton onClick={() => setCreating(true)} label="Ajouter un utilisateur" />
      </div>
      {users.isPending ? (
        <LoadingState />
      ) : users.isError ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.length === 0 ? (
        <EmptyState title="Aucun utilisateur." />
      ) : (
        <ul className="divide-y divide-gray-100">
          {users.data.map((user) => {
            const isMe = user.id === me.data?.id;
            return (
              <li
                key={user.id}
                data-testid="user-row"
                className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                    <span className="wrap-anywhere">{adminFullName(user)}</span>
                    {isMe ? <Badge tone="blue">Vous</Badge> : null}
                    <Badge tone="gray">{adminRoleLabel(user.role)}</Badge>
                    {user.isActive ? <Badge tone="green">Actif</Badge> : <Badge tone="red">Désactivé</Badge>}
                  </p>
                  <p className="text-sm wrap-anywhere text-gray-700">
                    <EmailAddress email={user.email} />
                  </p>
                  <p className="text-xs text-gray-600">
                    Créé le {formatDateTime(user.createdAt)} · Dernière connexion :{' '}
                    {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'jamais'}
                  </p>
                </div>
                {isMe ? null : (
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setResetting(user)}
                      disabled={!user.isActive}
                    >
                      <KeyRound className="size-4" aria-hidden="true" />
                      Nouveau mot de passe
                    </Button>
                    {user.isActive ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Désactiver ${user.email}`}
                        onClick={() => setDeactivating(user)}
                      >
                        <UserX className="size-4" aria-hidden="true" />
                        Désactiver
                      </Button>
                    ) : (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Réactiver ${user.email}`}
                        disabled={setActive.isPending}
                        onClick={() => setActive.mutate({ user, isActive: true })}
                      >
                        <UserCheck className="size-4" aria-hidden="true" />
                        Réactiver
                      </Button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {creating ? (
        <CreateUserDialog
          onClose={() => setCreating(false)}
          onCreated={(result) => {
            setCreating(false);
            setRevealed({ ...result, reason: 'created' });
          }}
        />
      ) : null}
      {revealed ? <PasswordRevealDialog revealed={revealed} onClose={() => setRevealed(null)} /> : null}
      <ConfirmDialog
        open={deactivating !== null}
        title="Désactiver ce compte ?"
        confirmLabel="Désactiver"
        pendingLabel="Désactivation..."
        pending={setActive.isPending}
        onConfirm={() =>
          deactivating ? setActive.mutate({ user: deactivating, isActive: false }) : undefined
        }
        onOpenChange={(open) => (open ? undefined : setDeactivating(null))}
      >
        <p>
          <strong className="wrap-anywhere text-gray-900">{deactivating?.email}</strong> ne pourra plus se
          connecter et ses sessions ouvertes seront fermées immédiatement. Vous pourrez réactiver le compte
          plus tard.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={resetting !== null}
        title="Générer un nouveau mot de passe ?"
        confirmLabel="Générer"
        pendingLabel="Génération..."
        pending={reset.isPending}
        onConfirm={() => (resetting ? reset.mutate(resetting) : undefined)}
        onOpenChange={(open) => (open ? undefined : setResetting(null))}
      >
        <p>
          Le mot de passe actuel de{' '}
          <strong className="wrap-anywhere text-gray-900">{resetting?.email}</strong> cessera de fonctionner
          et ses sessions ouvertes seront fermées. Le nouveau mot de passe ne sera affiché qu'une fois.
        </p>
      </ConfirmDialog>
    </Card>
  );
}

type UserDraft = { email: string; firstName: string; lastName: string };
const USER_FIELDS = ['email', 'firstName', 'lastName'] as const;
const userResolver = zodResolver(AdminUserCreateSchema as never) as unknown as Resolver<UserDraft>;

function CreateUserDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (result: GeneratedPassword) => void;
}) {
  const form = useAdminForm(userResolver, { email: '', firstName: '', lastName: '' });
  const { errors } = form.formState;
  const create = useMutation(
    createUserMutation({
      onSuccess: onCreated,
      onError: reportOn(form, USER_FIELDS, { title: 'Échec de la création' }),
    }),
  );
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open || create.isPending ? undefined : onClose())}
      title="Ajouter un utilisateur"
      description="Un mot de passe provisoire sera généré et affiché une seule fois, pour que vous le transmettiez."
      pending={create.isPending}
    >
      <DialogForm
        onSubmit={form.handleSubmit((input) => create.mutate(input))}
        footer={
          <FormActions
            pending={create.isPending}
            onCancel={onClose}
            submitLabel="Créer le compte"
            pendingLabel={<Sending />}
          />
        }
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Prénom" error={errors.firstName?.message} {...form.register('firstName')} />
          <TextField label="Nom" error={errors.lastName?.message} {...form.register('lastName')} />
        </div>
        <p className="text-sm text-gray-600">
          Rôle : {adminRoleLabel('admin')} (accès à tout le back-office).
        </p>
      </DialogForm>
    </AdminDialog>
  );
}

function PasswordRevealDialog({ revealed, onClose }: { revealed: Revealed; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(revealed.password);
      setCopied(true);
    } catch {
      toast({
        title: 'Copie impossible',
        description: 'Sélectionnez le mot de passe et copiez-le à la main.',
      });
    }
  };
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={revealed.reason === 'created' ? 'Compte créé' : 'Nouveau mot de passe'}
      description={`${adminFullName(revealed.user)} — ${revealed.user.email}`}
    >
      <DialogBody>
        <p className="text-sm text-gray-700">
          Transmettez ce mot de passe provisoire à la personne par un canal sûr. Il ne sera plus jamais
          affiché ; elle pourra le changer dans Paramètres, « Mon mot de passe ».
        </p>
        <p className="text-sm font-medium text-gray-900" id="one-time-password-label">
          Mot de passe provisoire
        </p>
        <output
          aria-labelledby="one-time-password-label"
          data-testid="one-time-password"
          className="block rounded-lg bg-gray-100 px-3 py-2 font-mono text-base break-all text-gray-900 select-all"
        >
          {revealed.password}
        </output>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          {copied ? 'Copié' : 'Copier'}
        </Button>
        <Button onClick={onClose}>J'ai noté le mot de passe</Button>
      </DialogFooter>
    </AdminDialog>
  );
}
