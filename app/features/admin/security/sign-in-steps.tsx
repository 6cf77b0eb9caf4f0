/**
 * The login screen's passkey and second-factor parts (docs/decisions/079-second-factor.md): the
 * button that signs in with a passkey alone, and the second step after a right password, with the
 * authenticator app's code, a passkey or a recovery code. The server keeps the pending sign-in in
 * an HttpOnly cookie; when it has expired, the screen starts again from the password.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Fingerprint from 'lucide-react/icons/fingerprint-pattern';
import KeyRound from 'lucide-react/icons/key-round';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useEffect, useRef, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import {
  RecoveryCodeSchema,
  type SecondFactorMethod,
  TotpCodeSchema,
} from '#common/schemas/second-factor.ts';
import { fieldProps, Sending, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { ApiError, apiRequest, applyFieldErrors, serverMessage } from '~/lib/api';
import { useAdminForm } from '../admin-form';
import type { AdminUser } from '../queries';
import {
  cancelPasskeyCeremony,
  passkeyAssertion,
  passkeyAutofillAvailable,
  passkeyFailureMessage,
  passkeysSupported,
} from './webauthn';

/** Long French labels wrap on a 320 px phone instead of overflowing the button. */
export const wrappingButton = 'h-auto min-h-11 whitespace-normal py-2 text-center [&>svg]:shrink-0';

const FAILED = 'La connexion a échoué. Veuillez réessayer.';
const OFFLINE = 'Connexion au serveur impossible. Vérifiez votre connexion internet et réessayez.';

/** The message of a failed step, whatever failed: the server, the network or the browser's ceremony. */
function failureOf(error: unknown): string {
  if (error instanceof ApiError) return serverMessage(error) ?? FAILED;
  if (error instanceof TypeError) return OFFLINE;
  return passkeyFailureMessage(error);
}

async function signedInUser(response: Response): Promise<AdminUser> {
  return ((await response.json()) as { user: AdminUser }).user;
}

/** Whether this browser offers passkeys; false during the server's render and the first paint. */
export function usePasskeysSupported(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(passkeysSupported()), []);
  return supported;
}

/**
 * The browser's autofill offers the admin's passkeys under the email field (conditional
 * mediation), while `active`: one pick signs in, as the button does. Asked once per screen, after
 * it is shown; nothing is said when the options cannot be had (the address's limit, no network):
 * the button and the password remain. A key the server refuses is said like the button's failure.
 * Leaving the screen (or the second step replacing the form) ends the waiting request.
 */
export function usePasskeyAutofill({
  active,
  rememberMe,
  onSignedIn,
  onFailure,
}: {
  active: boolean;
  rememberMe: () => boolean;
  onSignedIn: (user: AdminUser) => void;
  onFailure: (message: string) => void;
}) {
  const callbacks = useRef({ rememberMe, onSignedIn, onFailure });
  callbacks.current = { rememberMe, onSignedIn, onFailure };
  useEffect(() => {
    if (!active) return;
    let over = false;
    void (async () => {
      if (!(await passkeyAutofillAvailable()) || over) return;
      const response = await passkeyAssertion('/api/auth/passkey/options', { autofill: true }).catch(
        () => null,
      );
      if (!response || over) return;
      const { rememberMe, onSignedIn, onFailure } = callbacks.current;
      try {
        onSignedIn(
          await signedInUser(
            await apiRequest('POST', '/api/auth/passkey', { response, rememberMe: rememberMe() }),
          ),
        );
      } catch (error) {
        onFailure(failureOf(error));
      }
    })();
    return () => {
      over = true;
      void cancelPasskeyCeremony();
    };
  }, [active]);
}

/** "Se connecter avec une clé d'accès": no email, no password; the key's PIN or fingerprint instead. */
export function PasskeySignInButton({
  rememberMe,
  onSignedIn,
  onFailure,
}: {
  rememberMe: () => boolean;
  onSignedIn: (user: AdminUser) => void;
  onFailure: (message: string | null) => void;
}) {
  const [pending, setPending] = useState(false);
  const signIn = async () => {
    onFailure(null);
    setPending(true);
    try {
      const response = await passkeyAssertion('/api/auth/passkey/options');
      onSignedIn(
        await signedInUser(
          await apiRequest('POST', '/api/auth/passkey', { response, rememberMe: rememberMe() }),
        ),
      );
    } catch (error) {
      onFailure(failureOf(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      type="button"
      variant="secondary"
      className={`w-full ${wrappingButton}`}
      disabled={pending}
      onClick={() => void signIn()}
    >
      {pending ? <Sending /> : <Fingerprint className="size-5" aria-hidden="true" />}
      Se connecter avec une clé d’accès
    </Button>
  );
}

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
