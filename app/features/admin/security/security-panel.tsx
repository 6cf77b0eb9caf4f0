/**
 * The "Sécurité" settings tab (docs/decisions/079-second-factor.md): one's passkeys (added, renamed,
 * removed), the authenticator app (its QR code and secret shown once, confirmed by a code), the
 * recovery codes (shown once, to copy or download), and for role admin the switch that requires a
 * second factor of every admin. Each change but a rename asks for the current password. The cards
 * are security-cards.tsx, the dialogs they open security-dialogs.tsx.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RequiredStep } from '../kit/page';
import { CardsSkeleton } from '../kit/skeleton';
import { ErrorState } from '../kit/states';
import { secondFactorQuery } from './data';
import { PasswordChangeDialog } from './password-dialog';
import { PasskeysCard, PolicyCard, RecoveryCard, TotpCard } from './security-cards';
import {
  AddPasskeyDialog,
  DISABLE_TOTP,
  deletePasskey,
  REGENERATE_CODES,
  RecoveryCodesDialog,
  RenameDialog,
  type SecurityDialog,
  TotpSetupDialog,
} from './security-dialogs';

/** `heldBack`: shown by SecondFactorSetupRequired, which says why itself; the policy is not shown. */
export function SecurityPanel({ heldBack = false }: { heldBack?: boolean }) {
  const status = useQuery(secondFactorQuery);
  const [dialog, setDialog] = useState<SecurityDialog | null>(null);
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
