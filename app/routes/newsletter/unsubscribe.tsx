import { MailX } from 'lucide-react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { PAGES } from '#common/pages.ts';
import { pageShareImage } from '#common/visuals.ts';
import { Button } from '~/components/ui/button';
import { appContext } from '~/context.server';
import { formField } from '~/lib/form-data';
import { seo } from '~/lib/seo';
import { siteFromMatches } from '~/lib/site';
import type { Route } from './+types/unsubscribe';
// Used in the loader and action only: React Router drops them from the client bundle.
import { HttpError, inspectToken, newsletterFromDeps } from './newsletter.server';

export function meta({ matches }: Route.MetaArgs) {
  return seo(siteFromMatches(matches), {
    title: PAGES['newsletter.unsubscribe'].title,
    image: pageShareImage('newsletter.unsubscribe'),
    description: 'Désinscription de la newsletter.',
    path: '/newsletter/unsubscribe',
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

/** The "Se désinscrire" link of the emails: a GET only shows the button (mail scanners click). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  const { database } = context.get(appContext);
  const { state } = await inspectToken(database.db, token, ['unsubscribe', 'manage'], new Date());
  return { token: state === 'valid' ? token : null };
}

/** A plain form POST: works without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const token = await formField(request, 'token');
  try {
    await newsletterFromDeps(context.get(appContext)).unsubscribe(token);
  } catch (error) {
    if (error instanceof HttpError) return { error: error.message };
    throw error;
  }
  return redirect('/newsletter/unsubscribed');
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const error = actionData?.error;

  return (
    <section className="px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-lg text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-gray-100 text-gray-700">
          <MailX className="size-8" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-gray-900">
          Se désinscrire de la newsletter
        </h1>
        {loaderData.token ? (
          <>
            <p className="mt-4 text-gray-700">
              Vous ne recevrez plus nos emails. Vous pourrez vous réinscrire à tout moment depuis notre site.
            </p>
            <Form method="post" className="mt-8">
              <input type="hidden" name="token" value={loaderData.token} />
              <Button type="submit" size="lg" disabled={pending}>
                {pending ? 'Désinscription...' : 'Me désinscrire'}
              </Button>
            </Form>
            {error ? (
              <p role="alert" className="mt-4 text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </>
        ) : (
          <>
            <p className="mt-4 text-gray-700">
              Ce lien n'est pas valide. Utilisez le lien « Se désinscrire » du dernier email reçu, ou
              écrivez-nous depuis la page contact.
            </p>
            <Button asChild size="lg" variant="secondary" className="mt-8">
              <Link to="/contact">Nous contacter</Link>
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
