/**
 * The login screen, at /admin and /admin/login (docs/product.md §2.2, §5.4). An admin already signed in goes
 * straight on; after login, back to the screen the guard sent them from, or to the dashboard.
 * A login is never retried automatically: each failure counts against the brute-force limit.
 * An account with a second factor gets a second step after its password, and a passkey signs in
 * alone (docs/decisions/079-second-factor.md).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Lock from 'lucide-react/icons/lock';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, redirect, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { type AdminLogin, AdminLoginSchema } from '#common/schemas/auth.ts';
import type { SecondFactorChallenge, SecondFactorMethod } from '#common/schemas/second-factor.ts';
import { fieldProps, Sending, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { type AdminUser, AUTH_ME_KEY, meQuery } from '~/features/admin/data/queries';
import { useAdminForm } from '~/features/admin/kit/admin-form';
import {
  PasskeySignInButton,
  usePasskeyAutofill,
  usePasskeysSupported,
} from '~/features/admin/security/sign-in-steps';
import { forgetPendingLogout } from '~/features/admin/session/pending-logout';
import { PreloadScreen, prefetchFirstData } from '~/features/admin/session/sign-in-ahead';
import { safeAdminRedirect } from '~/features/admin/shell/navigation';
import { ApiError, apiRequest, applyFieldErrors, serverMessage } from '~/lib/api';
import { cn } from '~/lib/cn';
import { useSite } from '~/lib/site';

export const meta = () => [{ title: 'Connexion — Administration' }];

/**
 * The login form sent natively, before the page's script ran: nothing of it is read (sign-in is
 * the API's, with its CSRF check and limits); the screen comes back, and the next try goes through
 * the script.
 */
export function action({ request }: { request: Request }) {
  const url = new URL(request.url);
  return redirect(`${url.pathname}${url.search}`, 303);
}

type LoginDraft = z.input<typeof AdminLoginSchema>;

/** The second step, for accounts with a second factor: its code is fetched as the password leaves. */
const loadSecondFactorStep = () => import('~/features/admin/security/second-factor-step');
const SecondFactorStep = lazy(() =>
  loadSecondFactorStep().then((module) => ({ default: module.SecondFactorStep })),
);

export default function AdminLoginPage() {
  const site = useSite();
  const me = useQuery(meQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = safeAdminRedirect(searchParams.get('redirect'));
  const [failure, setFailure] = useState<string | null>(null);
  // Set once the password was right and a second factor is awaited: the methods the account has.
  const [secondStep, setSecondStep] = useState<SecondFactorMethod[] | null>(null);
  const passkeys = usePasskeysSupported();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useAdminForm<LoginDraft, AdminLogin>(zodResolver(AdminLoginSchema), {
    email: '',
    password: '',
    rememberMe: false,
  });
  const field = fieldProps(register, errors);
  usePasskeyAutofill({
    active: passkeys && !secondStep && !me.data,
    rememberMe: () => getValues('rememberMe') ?? false,
    onSignedIn: (user) => signedIn(user),
    onFailure: setFailure,
  });

  if (me.data) return <Navigate to={redirectTo} replace />;

  const signedIn = (user: AdminUser) => {
    // Signed in again: an earlier logout the server never heard is moot (new session, new cookie).
    forgetPendingLogout();
    queryClient.setQueryData(AUTH_ME_KEY, user);
    // The screen's data is on its way while its code starts (it is in memory already).
    if (!user.passwordChangeRequired && !user.secondFactorSetupRequired)
      prefetchFirstData(queryClient, redirectTo);
    navigate(redirectTo, { replace: true });
  };

  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    // Fetched beside the sign-in's request: ready if the account asks for its second factor.
    void loadSecondFactorStep();
    try {
      const response = await apiRequest('POST', '/api/auth/login', input);
      const answer = (await response.json()) as { user: AdminUser } | SecondFactorChallenge;
      if ('secondFactor' in answer) setSecondStep(answer.secondFactor.methods);
      else signedIn(answer.user);
    } catch (error) {
      if (error instanceof ApiError) {
        applyFieldErrors(error, setError, ['email', 'password']);
        setFailure(serverMessage(error) ?? 'La connexion a échoué. Veuillez réessayer.');
      } else {
        setFailure('Connexion au serveur impossible. Vérifiez votre connexion internet et réessayez.');
      }
    }
  });

  return (
    // The card hangs from the top rather than sitting in the middle: the browser may paint the
    // page while its HTML is still arriving (a slow network, a busy phone), and a centred card
    // would jump up as each field below it comes in; at the top, what is painted stays put.
    <main className="flex min-h-screen items-start justify-center bg-gray-50 px-4 py-12 sm:py-24">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <Lock className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold text-gray-900">Administration</h1>
          <p className="text-sm text-gray-600">{site.name} — espace réservé à l’équipe</p>
        </div>
        {secondStep ? (
          <Suspense fallback={<Sending />}>
            <SecondFactorStep
              methods={secondStep}
              onSignedIn={signedIn}
              onRestart={(message) => {
                setSecondStep(null);
                setFailure(message ?? null);
              }}
            />
          </Suspense>
        ) : (
          <form
            // Sent before the page's script runs (a very early tap), it goes to `action` below in its
            // body, never in the address (which logs and histories keep).
            method="post"
            noValidate
            onSubmit={onSubmit}
            className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
          >
            {failure ? (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {failure}
              </p>
            ) : null}
            <TextField
              label="Email"
              type="email"
              // "webauthn": the browser's autofill offers the admin's passkeys here too.
              autoComplete="username webauthn"
              inputMode="email"
              {...field('email')}
            />
            <TextField
              label="Mot de passe"
              type="password"
              autoComplete="current-password"
              {...field('password')}
            />
            <label className="flex items-center gap-2 text-sm text-gray-800">
              <input type="checkbox" className="size-4 accent-brand-700" {...register('rememberMe')} />
              Se souvenir de moi (30 jours)
            </label>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Sending /> : 'Se connecter'}
            </Button>
            {/* Its room is kept from the first paint: known only once the script runs, the passkey
                button would push the centred card up as it appears (a layout shift). A browser
                without passkeys keeps the room, empty. */}
            <div className={cn('flex flex-col gap-4', passkeys ? undefined : 'invisible')} inert={!passkeys}>
              <p className="flex items-center gap-3 text-xs text-gray-600 before:h-px before:flex-1 before:bg-gray-200 after:h-px after:flex-1 after:bg-gray-200">
                ou
              </p>
              <PasskeySignInButton
                rememberMe={() => getValues('rememberMe') ?? false}
                onSignedIn={signedIn}
                onFailure={setFailure}
              />
            </div>
          </form>
        )}
        <PreloadScreen to={redirectTo} />
        <p className="mt-6 text-center text-sm">
          <Link to="/" reloadDocument className="text-brand-800 underline-offset-2 hover:underline">
            Retour au site
          </Link>
        </p>
      </div>
    </main>
  );
}
