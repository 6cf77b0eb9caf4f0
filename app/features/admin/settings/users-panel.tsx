/**
 * The back-office accounts: who can sign in, their role (one role exists, docs/product.md §6.2: shown, never
 * chosen), when they last logged in, and whether they are active. A new account gets a generated
 * password shown once, in a dialog with a copy button, for the admin to hand over; deactivating
 * someone ends their open sessions at once. Nobody deactivates their own account here.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import KeyRound from 'lucide-react/icons/key-round';
import ShieldOff from 'lucide-react/icons/shield-off';
import UserCheck from 'lucide-react/icons/user-check';
import UserX from 'lucide-react/icons/user-x';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import {
  type AdminAccount,
  AdminUserCreateSchema,
  adminFullName,
  adminRoleLabel,
} from '#common/schemas/users-admin.ts';
import { EmailAddress } from '~/components/email-address';
import { fieldProps, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { meQuery } from '../data/queries';
import { useAdminForm, useFormWrite } from '../kit/admin-form';
import { QueryStates } from '../kit/admin-list';
import { Badge, RowTitle } from '../kit/badge';
import { NewItemButton, RowButton } from '../kit/buttons';
import { ItemConfirmDialog } from '../kit/confirm-dialog';
import { CopyButton } from '../kit/copy-button';
import { formatDateTime } from '../kit/dates';
import { AdminDialog, DialogBody, DialogFooter, FormDialog } from '../kit/dialog-frame';
import { SettingsCard, SettingsRow } from '../kit/page';
import { PasswordChangeDialog } from '../security/password-dialog';
import {
  createUserMutation,
  type GeneratedPassword,
  resetPasswordMutation,
  resetSecondFactorMutation,
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
  const [unsecuring, setUnsecuring] = useState<AdminAccount | null>(null);
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
    <SettingsCard
      titleId="users-title"
      title="Utilisateurs"
      description="Les personnes qui peuvent se connecter à l’administration. Un compte désactivé ne peut plus se connecter et ses sessions ouvertes sont fermées immédiatement."
      actions={<NewItemButton onClick={() => setCreating(true)} label="Ajouter un utilisateur" />}
    >
      <QueryStates
        query={users}
        isEmpty={(list) => list.length === 0}
        empty={{ title: 'Aucun utilisateur.' }}
      >
        {(list) => (
          <ul className="divide-y divide-gray-100">
            {list.map((user) => {
              const isMe = user.id === me.data?.id;
              return (
                <SettingsRow key={user.id} testId="user-row">
                  <div className="min-w-0">
                    <RowTitle name={adminFullName(user)}>
                      {isMe ? <Badge tone="blue">Vous</Badge> : null}
                      <Badge tone="gray">{adminRoleLabel(user.role)}</Badge>
                      {user.secondFactor ? <Badge tone="blue">Double authentification</Badge> : null}
                      {user.isActive ? (
                        <Badge tone="green">Actif</Badge>
                      ) : (
                        <Badge tone="red">Désactivé</Badge>
                      )}
                    </RowTitle>
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
                      <RowButton
                        icon={KeyRound}
                        label="Nouveau mot de passe"
                        onClick={() => setResetting(user)}
                        disabled={!user.isActive}
                      />
                      {user.secondFactor && me.data?.role === 'admin' ? (
                        <RowButton
                          icon={ShieldOff}
                          label="Réinitialiser la double authentification"
                          item={user.email}
                          // Its words wrap on a 320 px phone rather than leave the card.
                          className="h-auto min-h-9 max-w-full py-1.5 text-left whitespace-normal"
                          onClick={() => setUnsecuring(user)}
                        />
                      ) : null}
                      {user.isActive ? (
                        <RowButton
                          icon={UserX}
                          label="Désactiver"
                          item={user.email}
                          onClick={() => setDeactivating(user)}
                        />
                      ) : (
                        <RowButton
                          icon={UserCheck}
                          label="Réactiver"
                          item={user.email}
                          disabled={setActive.isPending}
                          onClick={() => setActive.mutate({ user, isActive: true })}
                        />
                      )}
                    </div>
                  )}
                </SettingsRow>
              );
            })}
          </ul>
        )}
      </QueryStates>
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
      <ItemConfirmDialog
        item={deactivating}
        onClose={() => setDeactivating(null)}
        title="Désactiver ce compte ?"
        confirmLabel="Désactiver"
        pendingLabel="Désactivation..."
        pending={setActive.isPending}
        onConfirm={(user) => setActive.mutate({ user, isActive: false })}
      >
        <p>
          <strong className="wrap-anywhere text-gray-900">{deactivating?.email}</strong> ne pourra plus se
          connecter et ses sessions ouvertes seront fermées immédiatement. Vous pourrez réactiver le compte
          plus tard.
        </p>
      </ItemConfirmDialog>
      <ItemConfirmDialog
        item={resetting}
        onClose={() => setResetting(null)}
        title="Générer un nouveau mot de passe ?"
        confirmLabel="Générer"
        pendingLabel="Génération..."
        pending={reset.isPending}
        onConfirm={(user) => reset.mutate(user)}
      >
        <p>
          Le mot de passe actuel de{' '}
          <strong className="wrap-anywhere text-gray-900">{resetting?.email}</strong> cessera de fonctionner
          et ses sessions ouvertes seront fermées. Le nouveau mot de passe ne sera affiché qu’une fois.
        </p>
      </ItemConfirmDialog>
      {unsecuring ? <ResetSecondFactorDialogs user={unsecuring} onClose={() => setUnsecuring(null)} /> : null}
    </SettingsCard>
  );
}

/**
 * Resetting a colleague's second factor, asked twice: what it does ("Continuer"), then the
 * administrator's own password.
 */
function ResetSecondFactorDialogs({ user, onClose }: { user: AdminAccount; onClose: () => void }) {
  const [confirmed, setConfirmed] = useState(false);
  return (
    <>
      <ItemConfirmDialog
        item={confirmed ? null : user}
        onClose={onClose}
        title="Réinitialiser la double authentification ?"
        confirmLabel="Continuer"
        pendingLabel="Continuer"
        pending={false}
        onConfirm={() => setConfirmed(true)}
      >
        <p>
          Les clés d’accès, l’application d’authentification et les codes de secours de{' '}
          <strong className="wrap-anywhere text-gray-900">{user.email}</strong> ne fonctionneront plus et ses
          sessions ouvertes seront fermées. Il ou elle sera prévenu(e) par email et se connectera avec son mot
          de passe pour en ajouter une nouvelle.
        </p>
        <p>
          À faire seulement si cette personne a perdu son téléphone ou sa clé, après l’avoir vérifié avec
          elle.
        </p>
      </ItemConfirmDialog>
      {confirmed ? (
        <PasswordChangeDialog
          title={`Réinitialiser la double authentification de ${adminFullName(user)}`}
          description="Confirmez avec votre propre mot de passe."
          submitLabel="Réinitialiser"
          failure="Échec de la réinitialisation"
          mutation={resetSecondFactorMutation}
          variables={{ user }}
          onClose={onClose}
        />
      ) : null}
    </>
  );
}

type UserDraft = { email: string; firstName: string; lastName: string };
const userResolver = zodResolver(AdminUserCreateSchema as never) as unknown as Resolver<UserDraft>;

function CreateUserDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (result: GeneratedPassword) => void;
}) {
  const form = useAdminForm(userResolver, { email: '', firstName: '', lastName: '' });
  const field = fieldProps(form.register, form.formState.errors);
  const create = useFormWrite(form, createUserMutation, {
    failure: 'Échec de la création',
    onSuccess: onCreated,
  });
  return (
    <FormDialog
      title="Ajouter un utilisateur"
      description="Un mot de passe provisoire sera généré et affiché une seule fois, pour que vous le transmettiez."
      submitLabel="Créer le compte"
      pending={create.pending}
      onClose={onClose}
      onSubmit={create.onSubmit}
    >
      <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Prénom" {...field('firstName')} />
        <TextField label="Nom" {...field('lastName')} />
      </div>
      <p className="text-sm text-gray-600">Rôle : {adminRoleLabel('admin')} (accès à tout le back-office).</p>
    </FormDialog>
  );
}

function PasswordRevealDialog({ revealed, onClose }: { revealed: Revealed; onClose: () => void }) {
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
        <CopyButton
          text={revealed.password}
          copiedLabel="Copié"
          byHand="Sélectionnez le mot de passe et copiez-le à la main."
        />
        <Button onClick={onClose}>J’ai noté le mot de passe</Button>
      </DialogFooter>
    </AdminDialog>
  );
}
