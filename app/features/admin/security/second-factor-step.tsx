/**
 * The login's second step (docs/decisions/079-second-factor.md), after a right password: the
 * authenticator app's code, a passkey or a recovery code. Loaded when the password is sent (most
 * admins sign in without it), so that its code is not in every back-office screen's first load.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import KeyRound from 'lucide-react/icons/key-round';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import {
  RecoveryCodeSchema,
  type SecondFactorMethod,
  TotpCodeSchema,
} from '#common/schemas/second-factor.ts';
import { fieldProps, Sending, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { ApiError, apiRequest, applyFieldErrors, serverMessage } from '~/lib/api';
import type { AdminUser } from '../data/queries';
import { useAdminForm } from '../kit/admin-form';
import { failureOf, signedInUser, usePasskeysSupported, wrappingButton } from './sign-in-steps';
import { passkeyAssertion } from './webauthn';

const METHOD_LINKS: Record<SecondFactorMethod, string> = {
  totp: 'Utiliser l’application d’authentification',
  passkey: 'Utiliser une clé d’accès',
  recovery: 'Utiliser un code de secours',
};

/**
 * The second step: the first method the account has (app, then passkey, then recovery code), and
 * a link to each other one. "Annuler" ends the pending sign-in.
 */
export function SecondFactorStep({
  methods,
  onSignedIn,
  onRestart,
}: {
  methods: SecondFactorMethod[];
  onSignedIn: (user: AdminUser) => void;
  /** Back to the password: `message` says why (the pending sign-in expired), or nothing (cancelled). */
  onRestart: (message?: string) => void;
}) {
  const supported = usePasskeysSupported();
  const usable = methods.filter((m) => m !== 'passkey' || supported);
  const [method, setMethod] = useState<SecondFactorMethod>(usable[0] ?? methods[0] ?? 'recovery');
  const [failure, setFailure] = useState<string | null>(null);

  /** A refused step: back to the password when the pending sign-in is gone, else its message. */
  const report = (error: unknown) => {
    if (error instanceof ApiError && error.details?.code === 'login_expired') {
      onRestart(serverMessage(error));
      return;
    }
    setFailure(failureOf(error));
  };

  const cancel = () => {
    // The pending sign-in ends on the server too; offline, it expires by itself.
    void apiRequest('POST', '/api/auth/logout').catch(() => undefined);
    onRestart();
  };

  return (
    <div className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <div className="flex items-start gap-3">
        <ShieldCheck className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-gray-900">Double authentification</h2>
          <p className="text-sm text-gray-600">
            Votre mot de passe est correct. Confirmez que c’est bien vous.
          </p>
        </div>
      </div>
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      {method === 'passkey' ? (
        <PasskeyStep onSignedIn={onSignedIn} onError={report} onStart={() => setFailure(null)} />
      ) : (
        <CodeStep
          key={method}
          method={method}
          onSignedIn={onSignedIn}
          onError={report}
          onStart={() => setFailure(null)}
        />
      )}
      <div className="flex flex-col items-start gap-1 border-t border-gray-100 pt-3">
        {usable
          .filter((m) => m !== method)
          .map((m) => (
            <button
              key={m}
              type="button"
              className="py-1 text-left text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
              onClick={() => {
                setFailure(null);
                setMethod(m);
              }}
            >
              {METHOD_LINKS[m]}
            </button>
          ))}
        <button
          type="button"
          className="py-1 text-left text-sm text-gray-700 underline-offset-2 hover:underline"
          onClick={cancel}
        >
          Annuler et revenir au mot de passe
        </button>
      </div>
    </div>
  );
}

type StepProps = {
  onSignedIn: (user: AdminUser) => void;
  onError: (error: unknown) => void;
  onStart: () => void;
};

function PasskeyStep({ onSignedIn, onError, onStart }: StepProps) {
  const [pending, setPending] = useState(false);
  const use = async () => {
    onStart();
    setPending(true);
    try {
      const response = await passkeyAssertion('/api/auth/login/passkey/options');
      onSignedIn(await signedInUser(await apiRequest('POST', '/api/auth/login/passkey', { response })));
    } catch (error) {
      onError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <p className="text-sm text-gray-700">
        Utilisez la clé d’accès enregistrée pour votre compte&nbsp;: empreinte, visage, code PIN de l’appareil
        ou clé de sécurité.
      </p>
      <Button type="button" className={wrappingButton} disabled={pending} onClick={() => void use()}>
        {pending ? <Sending /> : <KeyRound className="size-5" aria-hidden="true" />}
        Utiliser une clé d’accès
      </Button>
    </>
  );
}

const CODE_STEPS = {
  totp: {
    label: 'Code de l’application d’authentification',
    hint: 'Ouvrez votre application d’authentification et saisissez le code à 6 chiffres affiché pour ce site.',
    url: '/api/auth/login/totp',
    resolver: zodResolver(TotpCodeSchema as never) as unknown as Resolver<{ code: string }>,
  },
  recovery: {
    label: 'Code de secours',
    hint: 'L’un des dix codes conservés à l’activation de la double authentification. Chacun ne sert qu’une fois.',
    url: '/api/auth/login/recovery',
    resolver: zodResolver(RecoveryCodeSchema as never) as unknown as Resolver<{ code: string }>,
  },
} as const;

function CodeStep({ method, onSignedIn, onError, onStart }: StepProps & { method: 'totp' | 'recovery' }) {
  const step = CODE_STEPS[method];
  const form = useAdminForm(step.resolver, { code: '' });
  const { errors, isSubmitting } = form.formState;
  const field = fieldProps(form.register, errors);
  const submit = form.handleSubmit(async ({ code }) => {
    onStart();
    try {
      onSignedIn(await signedInUser(await apiRequest('POST', step.url, { code })));
    } catch (error) {
      // A wrong code is said under the field; the rest above the form.
      if (!applyFieldErrors(error, form.setError, ['code'])) onError(error);
    }
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-gray-700">{step.hint}</p>
      <TextField
        label={step.label}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        {...(method === 'totp' ? { inputMode: 'numeric' as const, maxLength: 7 } : { maxLength: 24 })}
        autoFocus
        {...field('code')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? <Sending /> : 'Vérifier'}
      </Button>
    </form>
  );
}
