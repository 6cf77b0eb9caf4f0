import MailX from 'lucide-react/icons/mail-x';
import { Link, redirect } from 'react-router';
import { MessagePage } from '~/components/message-page';
import { Button } from '~/components/ui/button';
import { appContext } from '~/context.server';
import { TokenForm } from '~/features/newsletter/token-form';
import { formField } from '~/lib/form-data';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/unsubscribe';
// Used in the loader and action only: React Router drops them from the client bundle.
import { HttpError, inspectLinkToken, newsletterFromDeps } from './newsletter.server';

export const meta = pageMeta('newsletter.unsubscribe', 'Désinscription de la newsletter.', { noindex: true });

/**
 * Personal link: never cached. Other sites never see it: the site-wide referrer policy
 * (strict-origin-when-cross-origin) sends them our origin only.
 */
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

/** The "Se désinscrire" link of the emails: a GET only shows the button (mail scanners click). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token, state } = await inspectLinkToken(request, context, ['unsubscribe', 'manage']);
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
  const error = actionData?.error;

  return (
    <MessagePage icon={MailX} title="Se désinscrire de la newsletter">
      {loaderData.token ? (
        <>
          <p className="mt-4 text-gray-700">
            Vous ne recevrez plus nos emails. Vous pourrez vous réinscrire à tout moment depuis notre site.
          </p>
          <TokenForm token={loaderData.token} label="Me désinscrire" pendingLabel="Désinscription..." />
          {error ? (
            <p role="alert" className="mt-4 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </>
      ) : (
        <>
          <p className="mt-4 text-gray-700">
            Ce lien n’est pas valide. Utilisez le lien « Se désinscrire » du dernier email reçu, ou
            écrivez-nous depuis la page contact.
          </p>
          <Button asChild size="lg" variant="secondary" className="mt-8">
            <Link to="/contact">Nous contacter</Link>
          </Button>
        </>
      )}
    </MessagePage>
  );
}
