/** The dialogs the "Sécurité" tab opens, one at a time (SecurityDialog says which). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Download from 'lucide-react/icons/download';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import {
  PasskeyRenameSchema,
  type PasskeySummary,
  TotpCodeSchema,
  type TotpSetup,
} from '#common/schemas/second-factor.ts';
import { fieldProps, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';
import { useAdminForm, useFormWrite } from '../kit/admin-form';
import { CopyButton } from '../kit/copy-button';
import { AdminDialog, DialogBody, DialogFooter, FormDialog } from '../kit/dialog-frame';
import {
  addPasskeyMutation,
  confirmTotpMutation,
  deletePasskeyMutation,
  disableTotpMutation,
  renamePasskeyMutation,
  replaceRecoveryCodesMutation,
  startTotpMutation,
} from './data';
import { PasswordChangeDialog, PasswordDialog } from './password-dialog';
import { passkeyFailureMessage } from './webauthn';

/** What is open over the tab: one dialog at a time. */
export type SecurityDialog =
  | { kind: 'add-passkey' }
  | { kind: 'rename'; passkey: PasskeySummary }
  | { kind: 'delete'; passkey: PasskeySummary }
  | { kind: 'totp' }
  | { kind: 'disable-totp' }
  | { kind: 'regenerate' }
  | { kind: 'codes'; codes: string[] };

const START_TOTP = {
  title: 'Activer l’application d’authentification',
  description: 'Confirmez votre mot de passe pour afficher le QR code à scanner.',
  submitLabel: 'Continuer',
  failure: 'Échec de l’activation',
  mutation: startTotpMutation,
};

export const DISABLE_TOTP = {
  title: 'Désactiver l’application d’authentification ?',
  description:
    'Ses codes ne permettront plus de vous connecter. Vos sessions ouvertes sur d’autres appareils seront fermées.',
  submitLabel: 'Désactiver',
  failure: 'Échec de la désactivation',
  mutation: disableTotpMutation,
};

export const REGENERATE_CODES = {
  title: 'Régénérer les codes de secours ?',
  description:
    'Dix nouveaux codes remplaceront les anciens, qui ne fonctionneront plus. Vos sessions ouvertes sur d’autres appareils seront fermées.',
  submitLabel: 'Régénérer',
  failure: 'Échec de la régénération',
  mutation: replaceRecoveryCodesMutation,
};

export const deletePasskey = (passkey: PasskeySummary) => ({
  title: `Supprimer « ${passkey.name} » ?`,
  description:
    'Cette clé ne permettra plus de vous connecter. Vos sessions ouvertes sur d’autres appareils seront fermées.',
  submitLabel: 'Supprimer',
  failure: 'Échec de la suppression',
  mutation: deletePasskeyMutation,
  variables: { passkey },
});

export function AddPasskeyDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (codes?: string[]) => void;
}) {
  const [name, setName] = useState('Clé d’accès');
  const [nameError, setNameError] = useState<string | undefined>();
  const add = useMutation(addPasskeyMutation({ onSuccess: (result) => onAdded(result.recoveryCodes) }));
  return (
    <PasswordDialog
      title="Ajouter une clé d’accès"
      description="Votre navigateur vous demandera ensuite votre empreinte, votre visage, le code PIN de l’appareil ou votre clé de sécurité."
      submitLabel="Continuer"
      failure="Échec de l’ajout"
      pending={add.isPending}
      onClose={onClose}
      onSubmit={(currentPassword, onError) => {
        const parsed = PasskeyRenameSchema.safeParse({ name });
        setNameError(parsed.success ? undefined : parsed.error.issues[0]?.message);
        if (!parsed.success) return;
        add.mutate(
          { currentPassword, name: parsed.data.name },
          {
            onError: (error) =>
              error instanceof ApiError
                ? onError(error)
                : toast({
                    title: 'Échec de l’ajout',
                    description: passkeyFailureMessage(error),
                    variant: 'destructive',
                  }),
          },
        );
      }}
    >
      <TextField
        label="Nom de la clé"
        value={name}
        maxLength={60}
        error={nameError}
        onChange={(event) => setName(event.target.value)}
      />
    </PasswordDialog>
  );
}

export function RenameDialog({ passkey, onClose }: { passkey: PasskeySummary; onClose: () => void }) {
  const resolver = zodResolver(PasskeyRenameSchema as never) as unknown as Resolver<{ name: string }>;
  const form = useAdminForm(resolver, { name: passkey.name });
  const field = fieldProps(form.register, form.formState.errors);
  const rename = useFormWrite(form, renamePasskeyMutation, {
    failure: 'Échec du renommage',
    onSuccess: onClose,
    variables: ({ name }) => ({ id: passkey.id, name }),
  });
  return (
    <FormDialog
      title="Renommer la clé d’accès"
      pending={rename.pending}
      onClose={onClose}
      onSubmit={rename.onSubmit}
    >
      <TextField label="Nom de la clé" maxLength={60} {...field('name')} />
    </FormDialog>
  );
}

/** Password, then the QR code and the secret with the first code, then (by the parent) the recovery codes. */
export function TotpSetupDialog({
  onClose,
  onConfirmed,
}: {
  onClose: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  if (!setup) {
    return <PasswordChangeDialog {...START_TOTP} onDone={setSetup} onClose={onClose} />;
  }
  return <TotpConfirmDialog setup={setup} onClose={onClose} onConfirmed={onConfirmed} />;
}

function TotpConfirmDialog({
  setup,
  onClose,
  onConfirmed,
}: {
  setup: TotpSetup;
  onClose: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const resolver = zodResolver(TotpCodeSchema as never) as unknown as Resolver<{ code: string }>;
  const form = useAdminForm(resolver, { code: '' });
  const field = fieldProps(form.register, form.formState.errors);
  const confirm = useFormWrite(form, confirmTotpMutation, {
    failure: 'Échec de l’activation',
    onSuccess: onConfirmed,
  });
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`;
  return (
    <FormDialog
      title="Activer l’application d’authentification"
      description="Scannez ce QR code avec votre application, puis saisissez le code qu’elle affiche."
      submitLabel="Activer"
      pending={confirm.pending}
      onClose={onClose}
      onSubmit={confirm.onSubmit}
    >
      <img
        src={qr}
        alt="QR code à scanner avec l’application d’authentification"
        width={192}
        height={192}
        className="mx-auto size-48 rounded-lg border border-gray-200 bg-white p-1"
      />
      <div>
        <p className="text-sm text-gray-700" id="totp-secret-label">
          Impossible de scanner&nbsp;? Saisissez cette clé dans l’application&nbsp;:
        </p>
        <output
          aria-labelledby="totp-secret-label"
          data-testid="totp-secret"
          className="mt-1 block rounded-lg bg-gray-100 px-3 py-2 font-mono text-sm break-all text-gray-900 select-all"
        >
          {setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
        </output>
      </div>
      <TextField
        label="Code à 6 chiffres"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        {...field('code')}
      />
    </FormDialog>
  );
}

/** The recovery codes, shown once: copy, download, and a button saying they were kept. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const text = `Codes de secours — administration\n\n${codes.join('\n')}\n\nChaque code ne sert qu’une fois.\n`;
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    link.download = 'codes-de-secours.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Vos codes de secours"
      description="Ils ne seront plus jamais affichés. Chacun permet une connexion si vous n’avez plus votre téléphone ou votre clé."
    >
      <DialogBody>
        <ul data-testid="recovery-codes" className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2">
          {codes.map((code) => (
            <li
              key={code}
              className="rounded-lg bg-gray-100 px-3 py-2 text-center font-mono text-base text-gray-900 select-all"
            >
              {code}
            </li>
          ))}
        </ul>
      </DialogBody>
      <DialogFooter>
        <CopyButton
          text={text}
          copiedLabel="Copiés"
          byHand="Sélectionnez les codes et copiez-les à la main."
        />
        <Button variant="secondary" onClick={download}>
          <Download className="size-4" aria-hidden="true" />
          Télécharger
        </Button>
        <Button onClick={onClose}>J’ai conservé mes codes</Button>
      </DialogFooter>
    </AdminDialog>
  );
}
