/**
 * The "Sécurité" settings tab (docs/decisions/079-second-factor.md): one's passkeys (added, renamed,
 * removed), the authenticator app (its QR code and secret shown once, confirmed by a code), the
 * recovery codes (shown once, to copy or download), and for role admin the switch that requires a
 * second factor of every admin. Each change but a rename asks for the current password.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import Download from 'lucide-react/icons/download';
import Fingerprint from 'lucide-react/icons/fingerprint-pattern';
import KeyRound from 'lucide-react/icons/key-round';
import Pencil from 'lucide-react/icons/pencil';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Trash2 from 'lucide-react/icons/trash';
import { useId, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import {
  PasskeyRenameSchema,
  type PasskeySummary,
  type SecondFactorStatus,
  TotpCodeSchema,
  type TotpSetup,
} from '#common/schemas/second-factor.ts';
import { fieldProps, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';
import { reportOn, useAdminForm } from '../admin-form';
import { CopyButton } from '../copy-button';
import { AdminDialog, DialogBody, DialogFooter, FormDialog } from '../dialog-frame';
import { CardsSkeleton } from '../skeleton';
import { Badge, ErrorState, formatDateTime, RequiredStep, RowButton, SettingsCard, SettingsRow } from '../ui';
import {
  addPasskeyMutation,
  confirmTotpMutation,
  deletePasskeyMutation,
  disableTotpMutation,
  renamePasskeyMutation,
  replaceRecoveryCodesMutation,
  secondFactorQuery,
  setPolicyMutation,
  startTotpMutation,
} from './data';
import { PasswordChangeDialog, PasswordDialog } from './password-dialog';
import { usePasskeysSupported, wrappingButton } from './sign-in-steps';
import { passkeyFailureMessage } from './webauthn';

/** What is open over the tab: one dialog at a time. */
type Dialog =
  | { kind: 'add-passkey' }
  | { kind: 'rename'; passkey: PasskeySummary }
  | { kind: 'delete'; passkey: PasskeySummary }
  | { kind: 'totp' }
  | { kind: 'disable-totp' }
  | { kind: 'regenerate' }
  | { kind: 'codes'; codes: string[] };

/** `heldBack`: shown by SecondFactorSetupRequired, which says why itself; the policy is not shown. */
export function SecurityPanel({ heldBack = false }: { heldBack?: boolean }) {
  const status = useQuery(secondFactorQuery);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  if (status.isPending) return <CardsSkeleton />;
  if (status.isError) return <ErrorState error={status.error} onRetry={() => void status.refetch()} />;
  const data = status.data;
  const hasFactor = data.totp.enabled || data.passkeys.length > 0;
  const showCodes = (codes: string[] | undefined) => setDialog(codes ? { kind: 'codes', codes } : null);

  return (
    <div className="max-w-3xl space-y-6">
      {data.secondFactorRequired && !hasFactor && !heldBack ? (
        <p
          role="status"
          className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          La double authentification est exigée pour tous les administrateurs&nbsp;: ajoutez une clé d’accès
          ou activez l’application d’authentification pour accéder au back-office.
        </p>
      ) : null}
      <PasskeysCard status={data} open={setDialog} />
      <TotpCard status={data} open={setDialog} />
      <RecoveryCard status={data} hasFactor={hasFactor} open={setDialog} />
      {data.canChangePolicy && !heldBack ? <PolicyCard status={data} hasFactor={hasFactor} /> : null}

      {dialog?.kind === 'add-passkey' ? <AddPasskeyDialog onClose={close} onAdded={showCodes} /> : null}
      {dialog?.kind === 'rename' ? <RenameDialog passkey={dialog.passkey} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? (
        <PasswordChangeDialog {...deletePasskey(dialog.passkey)} onClose={close} />
      ) : null}
      {dialog?.kind === 'totp' ? <TotpSetupDialog onClose={close} onConfirmed={showCodes} /> : null}
      {dialog?.kind === 'disable-totp' ? <PasswordChangeDialog {...DISABLE_TOTP} onClose={close} /> : null}
      {dialog?.kind === 'regenerate' ? (
        <PasswordChangeDialog {...REGENERATE_CODES} onDone={showCodes} onClose={close} />
      ) : null}
      {dialog?.kind === 'codes' ? <RecoveryCodesDialog codes={dialog.codes} onClose={close} /> : null}
    </div>
  );
}

type CardProps = { status: SecondFactorStatus; open: (dialog: Dialog) => void };

/** A passkey's buttons: the dialog each opens. */
const PASSKEY_ACTIONS = [
  { kind: 'rename', label: 'Renommer', icon: Pencil },
  { kind: 'delete', label: 'Supprimer', icon: Trash2 },
] as const;

function PasskeysCard({ status, open }: CardProps) {
  const supported = usePasskeysSupported();
  return (
    <SettingsCard
      titleId="passkeys-title"
      title="Clés d’accès"
      description="Connectez-vous avec l’empreinte, le visage ou le code PIN de votre appareil, ou avec une clé de sécurité : sans mot de passe, ou en second facteur après lui."
    >
      {status.passkeys.length === 0 ? (
        <p className="mb-4 text-sm text-gray-700">Aucune clé d’accès pour l’instant.</p>
      ) : (
        <ul className="mb-4 divide-y divide-gray-100">
          {status.passkeys.map((passkey) => (
            <SettingsRow key={passkey.id} testId="passkey-row" className="gap-2">
              <div className="min-w-0">
                <p className="flex items-center gap-2 font-medium wrap-anywhere text-gray-900">
                  <KeyRound className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                  {passkey.name}
                </p>
                <p className="text-xs text-gray-600">
                  Ajoutée le {formatDateTime(passkey.createdAt)} · Dernière utilisation&nbsp;:{' '}
                  {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : 'jamais'}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                {PASSKEY_ACTIONS.map(({ kind, label, icon }) => (
                  <RowButton
                    key={kind}
                    icon={icon}
                    label={label}
                    item={passkey.name}
                    onClick={() => open({ kind, passkey })}
                  />
                ))}
              </div>
            </SettingsRow>
          ))}
        </ul>
      )}
      {supported ? (
        <Button className={wrappingButton} onClick={() => open({ kind: 'add-passkey' })}>
          <Fingerprint className="size-5" aria-hidden="true" />
          Ajouter une clé d’accès
        </Button>
      ) : (
        <p className="text-sm text-gray-600">Ce navigateur ne permet pas d’utiliser les clés d’accès.</p>
      )}
    </SettingsCard>
  );
}

function TotpCard({ status, open }: CardProps) {
  return (
    <SettingsCard
      titleId="totp-title"
      title="Application d’authentification"
      description="Un code à 6 chiffres, renouvelé toutes les 30 secondes par une application comme Google Authenticator, Microsoft Authenticator ou 2FAS, demandé après votre mot de passe."
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
          {status.totp.enabled ? <Badge tone="green">Activée</Badge> : <Badge tone="gray">Désactivée</Badge>}
          {status.totp.confirmedAt ? <span>depuis le {formatDateTime(status.totp.confirmedAt)}</span> : null}
        </p>
        {status.totp.enabled ? (
          <Button variant="secondary" onClick={() => open({ kind: 'disable-totp' })}>
            Désactiver
          </Button>
        ) : (
          <Button className={wrappingButton} onClick={() => open({ kind: 'totp' })}>
            <ShieldCheck className="size-5" aria-hidden="true" />
            Activer l’application d’authentification
          </Button>
        )}
      </div>
    </SettingsCard>
  );
}

function RecoveryCard({ status, hasFactor, open }: CardProps & { hasFactor: boolean }) {
  return (
    <SettingsCard
      titleId="recovery-title"
      title="Codes de secours"
      description="Dix codes à usage unique, pour vous connecter si vous perdez votre téléphone ou votre clé. Gardez-les hors de l’ordinateur, par exemple imprimés."
    >
      {hasFactor ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-gray-800" data-testid="recovery-codes-left">
            {status.recoveryCodesLeft > 1
              ? `${status.recoveryCodesLeft} codes inutilisés`
              : status.recoveryCodesLeft === 1
                ? '1 code inutilisé'
                : 'Aucun code inutilisé'}
          </p>
          <Button variant="secondary" className={wrappingButton} onClick={() => open({ kind: 'regenerate' })}>
            Régénérer les codes de secours
          </Button>
        </div>
      ) : (
        <p className="text-sm text-gray-700">
          Ils sont créés avec votre première clé d’accès ou l’application.
        </p>
      )}
    </SettingsCard>
  );
}

function PolicyCard({ status, hasFactor }: { status: SecondFactorStatus; hasFactor: boolean }) {
  const id = useId();
  const change = useMutation(setPolicyMutation());
  const checked = change.isPending
    ? (change.variables?.secondFactorRequired ?? false)
    : status.secondFactorRequired;
  return (
    <SettingsCard
      titleId="policy-title"
      title="Tous les administrateurs"
      description={
        <>
          Une fois la règle active, un administrateur sans second facteur doit en ajouter un avant d’accéder
          au back-office.
          {hasFactor ? null : ' Activez d’abord un second facteur sur votre propre compte.'}
        </>
      }
    >
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={checked}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
          checked={checked}
          disabled={change.isPending || !hasFactor}
          onChange={(event) => change.mutate({ secondFactorRequired: event.target.checked })}
        />
        <label htmlFor={id} className="text-sm font-medium text-gray-900">
          Exiger une double authentification pour tous les administrateurs
        </label>
      </div>
    </SettingsCard>
  );
}

// ---- dialogs ----------------------------------------------------------------------------------

const START_TOTP = {
  title: 'Activer l’application d’authentification',
  description: 'Confirmez votre mot de passe pour afficher le QR code à scanner.',
  submitLabel: 'Continuer',
  failure: 'Échec de l’activation',
  mutation: startTotpMutation,
};

const DISABLE_TOTP = {
  title: 'Désactiver l’application d’authentification ?',
  description:
    'Ses codes ne permettront plus de vous connecter. Vos sessions ouvertes sur d’autres appareils seront fermées.',
  submitLabel: 'Désactiver',
  failure: 'Échec de la désactivation',
  mutation: disableTotpMutation,
};

const REGENERATE_CODES = {
  title: 'Régénérer les codes de secours ?',
  description:
    'Dix nouveaux codes remplaceront les anciens, qui ne fonctionneront plus. Vos sessions ouvertes sur d’autres appareils seront fermées.',
  submitLabel: 'Régénérer',
  failure: 'Échec de la régénération',
  mutation: replaceRecoveryCodesMutation,
};

const deletePasskey = (passkey: PasskeySummary) => ({
  title: `Supprimer « ${passkey.name} » ?`,
  description:
    'Cette clé ne permettra plus de vous connecter. Vos sessions ouvertes sur d’autres appareils seront fermées.',
  submitLabel: 'Supprimer',
  failure: 'Échec de la suppression',
  mutation: deletePasskeyMutation,
  variables: { passkey },
});

function AddPasskeyDialog({
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

function RenameDialog({ passkey, onClose }: { passkey: PasskeySummary; onClose: () => void }) {
  const resolver = zodResolver(PasskeyRenameSchema as never) as unknown as Resolver<{ name: string }>;
  const form = useAdminForm(resolver, { name: passkey.name });
  const field = fieldProps(form.register, form.formState.errors);
  const rename = useMutation(
    renamePasskeyMutation({
      onSuccess: onClose,
      onError: reportOn(form, ['name'], { title: 'Échec du renommage' }),
    }),
  );
  return (
    <FormDialog
      title="Renommer la clé d’accès"
      pending={rename.isPending}
      onClose={onClose}
      onSubmit={form.handleSubmit(({ name }) => rename.mutate({ id: passkey.id, name }))}
    >
      <TextField label="Nom de la clé" maxLength={60} {...field('name')} />
    </FormDialog>
  );
}

/** Password, then the QR code and the secret with the first code, then (by the parent) the recovery codes. */
function TotpSetupDialog({
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
  const confirm = useMutation(
    confirmTotpMutation({
      onSuccess: onConfirmed,
      onError: reportOn(form, ['code'], { title: 'Échec de l’activation' }),
    }),
  );
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`;
  return (
    <FormDialog
      title="Activer l’application d’authentification"
      description="Scannez ce QR code avec votre application, puis saisissez le code qu’elle affiche."
      submitLabel="Activer"
      pending={confirm.isPending}
      onClose={onClose}
      onSubmit={form.handleSubmit((input) => confirm.mutate(input))}
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
function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
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

/**
 * Shown instead of every admin screen while the policy requires a second factor the signed-in
 * admin has not set up (the server answers 403 to everything else meanwhile).
 */
export function SecondFactorSetupRequired() {
  return (
    <RequiredStep
      titleId="second-factor-required-title"
      title="Activez la double authentification"
      reason="Les administrateurs doivent se connecter avec un second facteur. Ajoutez une clé d’accès ou activez l’application d’authentification pour accéder au back-office."
      className="max-w-3xl"
    >
      <SecurityPanel heldBack />
    </RequiredStep>
  );
}
