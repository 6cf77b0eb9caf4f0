import MailX from 'lucide-react/icons/mail-x';
import { Link } from 'react-router';
import { MessagePage } from '~/components/message-page';
import { Button } from '~/components/ui/button';
import { pageMeta } from '~/lib/seo';
import { useSite } from '~/lib/site';

// Reached only from an unsubscribe link: nothing for search engines here.
export const meta = pageMeta('newsletter.unsubscribed', 'Vous ne recevrez plus notre newsletter.', {
  noindex: true,
});

export default function NewsletterUnsubscribed() {
  const site = useSite();
  return (
    <MessagePage icon={MailX} backdrop width="2xl" bigTitle title="Vous êtes désinscrit">
      <p className="mt-4 text-lg text-gray-700">
        Votre adresse a bien été retirée de notre liste : vous ne recevrez plus la newsletter de {site.name}.
      </p>
      <p className="mt-4 text-gray-700">
        Vous avez changé d’avis ? Vous pouvez vous réinscrire à tout moment depuis le bas de chaque page du
        site. Pour faire effacer toutes vos données, écrivez-nous à{' '}
        <a
          href={`mailto:${site.contact.email}`}
          className="text-brand-800 underline underline-offset-4 hover:text-brand-900"
        >
          {site.contact.email}
        </a>
        .
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">Retour à l’accueil</Link>
      </Button>
    </MessagePage>
  );
}
