import { MailCheck, MailWarning } from 'lucide-react';
import { Form, redirect, useNavigation } from 'react-router';
import { PAGES } from '#common/pages.ts';
import { pageShareImage } from '#common/visuals.ts';
import { Button } from '~/components/ui/button';
import { appContext, requestClientContext } from '~/context.server';
import { NewLinkFormIsland } from '~/features/newsletter/new-link-form';
import { formField } from '~/lib/form-data';
import { seo } from '~/lib/seo';
import { siteFromMatches } from '~/lib/site';
import type { Route } from './+types/confirm';
// Used in the loader and action only: React Router drops them from the client bundle.
import { HttpError, inspectToken, newsletterFromDeps, type TokenState } from './newsletter.server';

export function meta({ matches }: Route.MetaArgs) {
  return seo(siteFromMatches(matches), {
    title: PAGES['newsletter.confirm'].title,
    image: pageShareImage('newsletter.confirm'),
    description: 'Dernière étape de votre inscription à la newsletter.',
    path: '/newsletter/confirm',
    noindex: true,
  });
}

/**
 * Personal link: never cached. Other sites never see it: the site-wide referrer policy
 * (strict-origin-when-cross-origin) sends them our origin only.
 */
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

/**
 * Only looks at the token: mail scanners and link previews open every link of an email, so the
 * confirmation itself waits for the visitor's click (a POST).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  const { database } = context.get(appContext);
  const { state } = await inspectToken(database.db, token, ['confirm'], new Date());
  return { token: state === 'valid' ? token : null, state };
}

const PROBLEMS: Record<Exclude<TokenState, 'valid'>, { title: string; text: string }> = {
  expired: {
    title: 'Ce lien de confirmation a expiré',
    text: 'Pour votre sécurité, un lien de confirmation reste valable 48 heures. Demandez-en un nouveau ci-dessous.',
  },
  used: {
    title: 'Ce lien a déjà été utilisé',
    text: 'Votre inscription est sans doute déjà confirmée. Si vous ne recevez pas nos emails, demandez un nouveau lien ci-dessous.',
  },
  invalid: {
    title: "Ce lien n'est pas valide",
    text: "Vérifiez que vous avez copié l'adresse complète depuis l'email, ou demandez un nouveau lien ci-dessous.",
  },
};

const STATE_BY_CODE: Record<string, Exclude<TokenState, 'valid'>> = {
  token_expired: 'expired',
  token_used: 'used',
  invalid_token: 'invalid',
};

/**
 * The click on 'Confirmer mon inscription': a plain form POST, so it works before (or without)
 * JavaScript too. A refused token shows the matching page instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const deps = context.get(appContext);
  const token = await formField(request, 'token');
  try {
    await newsletterFromDeps(deps).confirm(token, context.get(requestClientContext));
  } catch (error) {
    if (error instanceof HttpError && STATE_BY_CODE[error.code]) {
      return { state: STATE_BY_CODE[error.code] as Exclude<TokenState, 'valid'> };
    }
    throw error;
  }
  deps.email.worker.wake();
  return redirect('/newsletter/welcome');
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const state: TokenState = actionData?.state ?? loaderData.state;

  if (state !== 'valid') {
    const problem = PROBLEMS[state];
    return (
      <section className="px-4 py-16 sm:py-24">
        <div className="mx-auto max-w-lg">
          <span className="flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-800">
            <MailWarning className="size-7" aria-hidden="true" />
          </span>
          <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-gray-900">{problem.title}</h1>
          <p className="mt-4 text-gray-700">{problem.text}</p>
          <NewLinkFormIsland />
        </div>
      </section>
    );
  }

  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-lg text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <MailCheck className="size-8" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-gray-900">
          Confirmez votre inscription
        </h1>
        <p className="mt-4 text-lg text-gray-700">
          Plus qu'un clic pour recevoir nos conseils marketing dans votre boîte mail.
        </p>
        <Form method="post" className="mt-8">
          <input type="hidden" name="token" value={loaderData.token ?? ''} />
          <Button type="submit" size="lg" disabled={pending}>
            {pending ? 'Confirmation...' : 'Confirmer mon inscription'}
          </Button>
        </Form>
      </div>
    </section>
  );
}
