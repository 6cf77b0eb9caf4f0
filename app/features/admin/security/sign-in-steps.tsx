/**
 * The login screen's passkey parts (docs/decisions/079-second-factor.md, 102): the button that
 * signs in with a passkey alone and the browser's passkey autofill, and what the second step
 * (second-factor-step.tsx, loaded when needed) shares with them.
 */
import Fingerprint from 'lucide-react/icons/fingerprint-pattern';
import { useEffect, useRef, useState } from 'react';
import { Sending } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { ApiError, apiRequest, serverMessage } from '~/lib/api';
import type { AdminUser } from '../data/queries';
import {
  cancelPasskeyCeremony,
  passkeyAssertion,
  passkeyAutofillAvailable,
  passkeyFailureMessage,
  passkeysSupported,
} from './webauthn';

/** Long French labels wrap on a 320 px phone instead of overflowing the button. */
export const wrappingButton = 'h-auto min-h-11 whitespace-normal py-2 text-center [&>svg]:shrink-0';

export const FAILED = 'La connexion a échoué. Veuillez réessayer.';
const OFFLINE = 'Connexion au serveur impossible. Vérifiez votre connexion internet et réessayez.';

/** The message of a failed step, whatever failed: the server, the network or the browser's ceremony. */
export function failureOf(error: unknown): string {
  if (error instanceof ApiError) return serverMessage(error) ?? FAILED;
  if (error instanceof TypeError) return OFFLINE;
  return passkeyFailureMessage(error);
}

export async function signedInUser(response: Response): Promise<AdminUser> {
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
    let started = false;
    void (async () => {
      if (!(await passkeyAutofillAvailable()) || over) return;
      started = true;
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
      // Only a request under way is ended: the library is not fetched for nothing.
      if (started) void cancelPasskeyCeremony();
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
