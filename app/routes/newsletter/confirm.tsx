import MailCheck from 'lucide-react/icons/mail-check';
import MailWarning from 'lucide-react/icons/mail-exclamation-point';
import { redirect } from 'react-router';
import { MessagePage } from '~/components/message-page';
import { appContext, requestClientContext } from '~/context.server';
import { NewLinkFormIsland } from '~/features/newsletter/new-link-form';
import { TokenForm } from '~/features/newsletter/token-form';
import { formField } from '~/lib/form-data';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/confirm';
// Used in the loader and action only: React Router drops them from the client bundle.
import { HttpError, inspectLinkToken, newsletterFromDeps, type TokenState } from './newsletter.server';

export const meta = pageMeta('newsletter.confirm', 'Dernière étape de votre inscription à la newsletter.', {
  noindex: true,
});

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
  const { token, state } = await inspectLinkToken(request, context, ['confirm']);
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
    title: 'Ce lien n’est pas valide',
    text: 'Vérifiez que vous avez copié l’adresse complète depuis l’email, ou demandez un nouveau lien ci-dessous.',
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
  const state: TokenState = actionData?.state ?? loaderData.state;

  if (state !== 'valid') {
    const problem = PROBLEMS[state];
    return (
      <MessagePage icon={MailWarning} tone="amber" centered={false} title={problem.title}>
        <p className="mt-4 text-gray-700">{problem.text}</p>
        <NewLinkFormIsland />
      </MessagePage>
    );
  }

  return (
    <MessagePage icon={MailCheck} tone="brand" backdrop title="Confirmez votre inscription">
      <p className="mt-4 text-lg text-gray-700">
        Plus qu’un clic pour recevoir nos conseils marketing dans votre boîte mail.
      </p>
      <TokenForm
        token={loaderData.token ?? ''}
        label="Confirmer mon inscription"
        pendingLabel="Confirmation..."
      />
    </MessagePage>
  );
}
