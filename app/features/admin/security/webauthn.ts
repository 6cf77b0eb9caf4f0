/**
 * The browser's side of passkeys (docs/decisions/079-second-factor.md): asks the server for a
 * ceremony's options, hands them to the browser through @simplewebauthn/browser, and returns the
 * answer for the server to verify. The library is loaded on first use only, so the login screen
 * does not carry it for the many admins who sign in with a password.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { apiRequest } from '~/lib/api';

/** Whether this browser can use passkeys at all (WebAuthn); false on the server. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * Whether the browser can offer passkeys in its autofill (conditional mediation): under the email
 * field, beside the saved addresses, without a button.
 */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const check = (window.PublicKeyCredential as { isConditionalMediationAvailable?: () => Promise<boolean> })
    .isConditionalMediationAvailable;
  return typeof check === 'function' && (await check.call(window.PublicKeyCredential).catch(() => false));
}

/**
 * Options from `optionsUrl`, then the browser's sign-in answer to them. With `autofill`, the
 * request waits until the person picks a passkey in the autofill of the field whose autocomplete
 * says `webauthn`; starting any other ceremony (the button) aborts it.
 */
export async function passkeyAssertion(
  optionsUrl: string,
  { autofill = false }: { autofill?: boolean } = {},
): Promise<AuthenticationResponseJSON> {
  const response = await apiRequest('POST', optionsUrl, {});
  const { options } = (await response.json()) as {
    options: Parameters<StartAuthentication>[0]['optionsJSON'];
  };
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
}

/** Ends a ceremony under way (the autofill's, when the screen leaves it). */
export async function cancelPasskeyCeremony(): Promise<void> {
  const { WebAuthnAbortService } = await import('@simplewebauthn/browser');
  WebAuthnAbortService.cancelCeremony();
}
type StartAuthentication = typeof import('@simplewebauthn/browser').startAuthentication;

/** Registration options (the current password confirms the change), then the browser's new key. */
export async function passkeyCreation(
  optionsUrl: string,
  currentPassword: string,
): Promise<RegistrationResponseJSON> {
  const response = await apiRequest('POST', optionsUrl, { currentPassword });
  const { options } = (await response.json()) as {
    options: Parameters<StartRegistration>[0]['optionsJSON'];
  };
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options });
}
type StartRegistration = typeof import('@simplewebauthn/browser').startRegistration;

/**
 * What to tell the person when the browser's ceremony failed (not the server): cancelled or too
 * slow, a key already registered, or anything else the browser refused.
 */
export function passkeyFailureMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.name : '';
  if ([name, cause].some((n) => n === 'NotAllowedError' || n === 'AbortError')) {
    return 'La clé d’accès n’a pas été utilisée (opération annulée ou délai dépassé). Réessayez.';
  }
  if ([name, cause].includes('InvalidStateError')) {
    return 'Cette clé d’accès est déjà enregistrée pour votre compte.';
  }
  return 'Votre navigateur n’a pas pu utiliser de clé d’accès. Essayez une autre méthode.';
}
