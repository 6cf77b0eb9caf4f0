/** The "Sécurité" tab's cards: passkeys, the authenticator app, recovery codes and the policy. */
import { useMutation } from '@tanstack/react-query';
import Fingerprint from 'lucide-react/icons/fingerprint-pattern';
import KeyRound from 'lucide-react/icons/key-round';
import Pencil from 'lucide-react/icons/pencil';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Trash2 from 'lucide-react/icons/trash';
import { useId } from 'react';
import type { SecondFactorStatus } from '#common/schemas/second-factor.ts';
import { Button } from '~/components/ui/button';
import { Badge } from '../kit/badge';
import { RowButton } from '../kit/buttons';
import { formatDateTime } from '../kit/dates';
import { SettingsCard, SettingsRow } from '../kit/page';
import { setPolicyMutation } from './data';
import type { SecurityDialog } from './security-dialogs';
import { usePasskeysSupported, wrappingButton } from './sign-in-steps';

type CardProps = { status: SecondFactorStatus; open: (dialog: SecurityDialog) => void };

/** A passkey's buttons: the dialog each opens. */
const PASSKEY_ACTIONS = [
  { kind: 'rename', label: 'Renommer', icon: Pencil },
  { kind: 'delete', label: 'Supprimer', icon: Trash2 },
] as const;

export function PasskeysCard({ status, open }: CardProps) {
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

export function TotpCard({ status, open }: CardProps) {
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

export function RecoveryCard({ status, hasFactor, open }: CardProps & { hasFactor: boolean }) {
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

export function PolicyCard({ status, hasFactor }: { status: SecondFactorStatus; hasFactor: boolean }) {
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
