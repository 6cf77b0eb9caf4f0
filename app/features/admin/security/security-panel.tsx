/**
 * The "Sécurité" settings tab (docs/decisions/079-second-factor.md): one's passkeys (added, renamed,
 * removed), the authenticator app (its QR code and secret shown once, confirmed by a code), the
 * recovery codes (shown once, to copy or download), and for role admin the switch that requires a
 * second factor of every admin. Each change but a rename asks for the current password.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, Copy, Download, Fingerprint, KeyRound, Pencil, ShieldCheck, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import {
  CurrentPasswordSchema,
  PasskeyRenameSchema,
  type PasskeySummary,
  type SecondFactorStatus,
  TotpCodeSchema,
  type TotpSetup,
} from '#common/schemas/second-factor.ts';
import { Sending, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { ApiError } from '~/lib/api';
import { toast } from '~/lib/toast';
import { reportOn, useAdminForm } from '../admin-form';
import { AdminDialog, DialogBody, DialogFooter, DialogForm } from '../dialog-frame';
import { Badge, Card, ErrorState, FormActions, formatDateTime, LoadingState } from '../ui';
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
  if (status.isPending) return <LoadingState />;
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
          La double authentification est exigée pour tous les administrateurs&nbsp;: ajoutez une clé d'accès
          ou activez l'application d'authentification pour accéder au back-office.
        </p>
      ) : null}
      <PasskeysCard status={data} open={setDialog} />
      <TotpCard status={data} open={setDialog} />
      <RecoveryCard status={data} hasFactor={hasFactor} open={setDialog} />
      {data.canChangePolicy && !heldBack ? <PolicyCard status={data} hasFactor={hasFactor} /> : null}

      {dialog?.kind === 'add-passkey' ? <AddPasskeyDialog onClose={close} onAdded={showCodes} /> : null}
      {dialog?.kind === 'rename' ? <RenameDialog passkey={dialog.passkey} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? <DeletePasskeyDialog passkey={dialog.passkey} onClose={close} /> : null}
      {dialog?.kind === 'totp' ? <TotpSetupDialog onClose={close} onConfirmed={showCodes} /> : null}
      {dialog?.kind === 'disable-totp' ? <DisableTotpDialog onClose={close} /> : null}
      {dialog?.kind === 'regenerate' ? <RegenerateDialog onClose={close} onDone={showCodes} /> : null}
      {dialog?.kind === 'codes' ? <RecoveryCodesDialog codes={dialog.codes} onClose={close} /> : null}
    </div>
  );
}

type CardProps = { status: SecondFactorStatus; open: (dialog: Dialog) => void };

function CardHeading({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="mb-4">
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{children}</p>
    </div>
  );
}

function PasskeysCard({ status, open }: CardProps) {
  const supported = usePasskeysSupported();
  return (
    <Card aria-labelledby="passkeys-title">
      <CardHeading id="passkeys-title" title="Clés d'accès">
        Connectez-vous avec l'empreinte, le visage ou le code PIN de votre appareil, ou avec une clé de
        sécurité&nbsp;: sans mot de passe, ou en second facteur après lui.
      </CardHeading>
      {status.passkeys.length === 0 ? (
        <p className="mb-4 text-sm text-gray-700">Aucune clé d'accès pour l'instant.</p>
      ) : (
        <ul className="mb-4 divide-y divide-gray-100">
          {status.passkeys.map((passkey) => (
            <li
              key={passkey.id}
              data-testid="passkey-row"
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
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
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Renommer ${passkey.name}`}
                  onClick={() => open({ kind: 'rename', passkey })}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                  Renommer
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Supprimer ${passkey.name}`}
                  onClick={() => open({ kind: 'delete', passkey })}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Supprimer
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <Button className={wrappingButton} onClick={() => open({ kind: 'add-passkey' })}>
          <Fingerprint className="size-5" aria-hidden="true" />
          Ajouter une clé d'accès
        </Button>
      ) : (
        <p className="text-sm text-gray-600">Ce navigateur ne permet pas d'utiliser les clés d'accès.</p>
      )}
    </Card>
  );
}

function TotpCard({ status, open }: CardProps) {
  return (
    <Card aria-labelledby="totp-title">
      <CardHeading id="totp-title" title="Application d'authentification">
        Un code à 6 chiffres, renouvelé toutes les 30 secondes par une application comme Google Authenticator,
        Microsoft Authenticator ou 2FAS, demandé après votre mot de passe.
      </CardHeading>
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
            Activer l'application d'authentification
          </Button>
        )}
      </div>
    </Card>
  );
}

function RecoveryCard({ status, hasFactor, open }: CardProps & { hasFactor: boolean }) {
  return (
    <Card aria-labelledby="recovery-title">
      <CardHeading id="recovery-title" title="Codes de secours">
        Dix codes à usage unique, pour vous connecter si vous perdez votre téléphone ou votre clé. Gardez-les
        hors de l'ordinateur, par exemple imprimés.
      </CardHeading>
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
          Ils sont créés avec votre première clé d'accès ou l'application.
        </p>
      )}
    </Card>
  );
}

function PolicyCard({ status, hasFactor }: { status: SecondFactorStatus; hasFactor: boolean }) {
  const id = useId();
  const change = useMutation(setPolicyMutation());
  const checked = change.isPending
    ? (change.variables?.secondFactorRequired ?? false)
    : status.secondFactorRequired;
  return (
    <Card aria-labelledby="policy-title">
      <CardHeading id="policy-title" title="Tous les administrateurs">
        Une fois la règle active, un administrateur sans second facteur doit en ajouter un avant d'accéder au
        back-office.
        {hasFactor ? null : " Activez d'abord un second facteur sur votre propre compte."}
      </CardHeading>
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
    </Card>
  );
}

// ---- dialogs ----------------------------------------------------------------------------------

const passwordResolver = zodResolver(CurrentPasswordSchema as never) as unknown as Resolver<{
  currentPassword: string;
}>;

function PasswordField({ form }: { form: ReturnType<typeof usePasswordForm> }) {
  return (
    <TextField
      label="Mot de passe actuel"
      type="password"
      autoComplete="current-password"
      error={form.formState.errors.currentPassword?.message}
      {...form.register('currentPassword')}
    />
  );
}

const usePasswordForm = () => useAdminForm(passwordResolver, { currentPassword: '' });

/**
 * A dialog asking for the current password before `run`; the server's refusal of the password is
 * said under its field, anything else in a toast titled `failure`.
 */
function PasswordDialog({
  title,
  description,
  submitLabel,
  failure,
  pending,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  description: string;
  submitLabel: string;
  failure: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (currentPassword: string, onError: (error: unknown) => void) => void;
  children?: ReactNode;
}) {
  const form = usePasswordForm();
  const onError = reportOn(form, ['currentPassword'], { title: failure });
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open || pending ? undefined : onClose())}
      title={title}
      description={description}
      pending={pending}
    >
      <DialogForm
        onSubmit={form.handleSubmit(({ currentPassword }) => onSubmit(currentPassword, onError))}
        footer={
          <FormActions
            pending={pending}
            onCancel={onClose}
            submitLabel={submitLabel}
            pendingLabel={<Sending />}
          />
        }
      >
        {children}
        <PasswordField form={form} />
      </DialogForm>
    </AdminDialog>
  );
}

function AddPasskeyDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (codes?: string[]) => void;
}) {
  const [name, setName] = useState("Clé d'accès");
  const [nameError, setNameError] = useState<string | undefined>();
  const add = useMutation(addPasskeyMutation({ onSuccess: (result) => onAdded(result.recoveryCodes) }));
  return (
    <PasswordDialog
      title="Ajouter une clé d'accès"
      description="Votre navigateur vous demandera ensuite votre empreinte, votre visage, le code PIN de l'appareil ou votre clé de sécurité."
      submitLabel="Continuer"
      failure="Échec de l'ajout"
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
                    title: "Échec de l'ajout",
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
  const rename = useMutation(
    renamePasskeyMutation({
      onSuccess: onClose,
      onError: reportOn(form, ['name'], { title: 'Échec du renommage' }),
    }),
  );
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open || rename.isPending ? undefined : onClose())}
      title="Renommer la clé d'accès"
      pending={rename.isPending}
    >
      <DialogForm
        onSubmit={form.handleSubmit(({ name }) => rename.mutate({ id: passkey.id, name }))}
        footer={<FormActions pending={rename.isPending} onCancel={onClose} pendingLabel={<Sending />} />}
      >
        <TextField
          label="Nom de la clé"
          maxLength={60}
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
      </DialogForm>
    </AdminDialog>
  );
}

function DeletePasskeyDialog({ passkey, onClose }: { passkey: PasskeySummary; onClose: () => void }) {
  const remove = useMutation(deletePasskeyMutation({ onSuccess: onClose }));
  return (
    <PasswordDialog
      title={`Supprimer « ${passkey.name} » ?`}
      description="Cette clé ne permettra plus de vous connecter. Vos sessions ouvertes sur d'autres appareils seront fermées."
      submitLabel="Supprimer"
      failure="Échec de la suppression"
      pending={remove.isPending}
      onClose={onClose}
      onSubmit={(currentPassword, onError) => remove.mutate({ passkey, currentPassword }, { onError })}
    />
  );
}

function DisableTotpDialog({ onClose }: { onClose: () => void }) {
  const disable = useMutation(disableTotpMutation({ onSuccess: onClose }));
  return (
    <PasswordDialog
      title="Désactiver l'application d'authentification ?"
      description="Ses codes ne permettront plus de vous connecter. Vos sessions ouvertes sur d'autres appareils seront fermées."
      submitLabel="Désactiver"
      failure="Échec de la désactivation"
      pending={disable.isPending}
      onClose={onClose}
      onSubmit={(currentPassword, onError) => disable.mutate({ currentPassword }, { onError })}
    />
  );
}

function RegenerateDialog({ onClose, onDone }: { onClose: () => void; onDone: (codes: string[]) => void }) {
  const regenerate = useMutation(replaceRecoveryCodesMutation({ onSuccess: onDone }));
  return (
    <PasswordDialog
      title="Régénérer les codes de secours ?"
      description="Dix nouveaux codes remplaceront les anciens, qui ne fonctionneront plus. Vos sessions ouvertes sur d'autres appareils seront fermées."
      submitLabel="Régénérer"
      failure="Échec de la régénération"
      pending={regenerate.isPending}
      onClose={onClose}
      onSubmit={(currentPassword, onError) => regenerate.mutate({ currentPassword }, { onError })}
    />
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
  const start = useMutation(startTotpMutation({ onSuccess: setSetup }));
  if (!setup) {
    return (
      <PasswordDialog
        title="Activer l'application d'authentification"
        description="Confirmez votre mot de passe pour afficher le QR code à scanner."
        submitLabel="Continuer"
        failure="Échec de l'activation"
        pending={start.isPending}
        onClose={onClose}
        onSubmit={(currentPassword, onError) => start.mutate({ currentPassword }, { onError })}
      />
    );
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
  const confirm = useMutation(
    confirmTotpMutation({
      onSuccess: onConfirmed,
      onError: reportOn(form, ['code'], { title: "Échec de l'activation" }),
    }),
  );
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`;
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open || confirm.isPending ? undefined : onClose())}
      title="Activer l'application d'authentification"
      description="Scannez ce QR code avec votre application, puis saisissez le code qu'elle affiche."
      pending={confirm.isPending}
    >
      <DialogForm
        onSubmit={form.handleSubmit((input) => confirm.mutate(input))}
        footer={
          <FormActions
            pending={confirm.isPending}
            onCancel={onClose}
            submitLabel="Activer"
            pendingLabel={<Sending />}
          />
        }
      >
        <img
          src={qr}
          alt="QR code à scanner avec l'application d'authentification"
          width={192}
          height={192}
          className="mx-auto size-48 rounded-lg border border-gray-200 bg-white p-1"
        />
        <div>
          <p className="text-sm text-gray-700" id="totp-secret-label">
            Impossible de scanner&nbsp;? Saisissez cette clé dans l'application&nbsp;:
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
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
      </DialogForm>
    </AdminDialog>
  );
}

/** The recovery codes, shown once: copy, download, and a button saying they were kept. */
function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `Codes de secours — administration\n\n${codes.join('\n')}\n\nChaque code ne sert qu'une fois.\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast({ title: 'Copie impossible', description: 'Sélectionnez les codes et copiez-les à la main.' });
    }
  };
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
      description="Ils ne seront plus jamais affichés. Chacun permet une connexion si vous n'avez plus votre téléphone ou votre clé."
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
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          {copied ? 'Copiés' : 'Copier'}
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download className="size-4" aria-hidden="true" />
          Télécharger
        </Button>
        <Button onClick={onClose}>J'ai conservé mes codes</Button>
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
    <section aria-labelledby="second-factor-required-title" className="mx-auto max-w-3xl space-y-4">
      <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
        <h1 id="second-factor-required-title" className="text-lg font-semibold">
          Activez la double authentification
        </h1>
        <p className="mt-1 text-sm">
          Les administrateurs doivent se connecter avec un second facteur. Ajoutez une clé d'accès ou activez
          l'application d'authentification pour accéder au back-office.
        </p>
      </div>
      <SecurityPanel heldBack />
    </section>
  );
}
