import BookOpen from 'lucide-react/icons/book-open';
import Lightbulb from 'lucide-react/icons/lightbulb';
import MailCheck from 'lucide-react/icons/mail-check';
import TrendingUp from 'lucide-react/icons/trending-up';
import { Link } from 'react-router';
import { MessageActions, MessagePage } from '~/components/message-page';
import { Button } from '~/components/ui/button';
import { pageMeta } from '~/lib/seo';
import { useSite } from '~/lib/site';

// Reached only from a confirmation email: nothing for search engines here.
export const meta = pageMeta('newsletter.welcome', 'Votre inscription à la newsletter est confirmée.', {
  noindex: true,
});

const PERKS = [
  { icon: Lightbulb, text: 'Des conseils pratiques de marketing digital, pensés pour le marché congolais.' },
  { icon: BookOpen, text: 'Nos nouveaux articles de blog, dès leur publication.' },
  { icon: TrendingUp, text: 'Des études de cas et les tendances à suivre sur les réseaux sociaux.' },
];

export default function NewsletterWelcome() {
  const site = useSite();
  return (
    <MessagePage icon={MailCheck} tone="brand" backdrop width="2xl" bigTitle title="Bienvenue !">
      <p className="mt-4 text-lg text-gray-700">
        Votre inscription à la newsletter de {site.name} est confirmée. Merci de votre confiance.
      </p>
      <h2 className="mt-10 text-lg font-semibold text-gray-900">Ce que vous allez recevoir</h2>
      <ul className="mt-4 space-y-3 text-left">
        {PERKS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-100">
            <Icon className="mt-0.5 size-5 shrink-0 text-brand-800" aria-hidden="true" />
            <span className="text-gray-700">{text}</span>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-gray-700">
        Pas de spam : chaque email contient un lien pour vous désinscrire en un clic.
      </p>
      <MessageActions>
        <Button asChild size="lg">
          <Link to="/blog">Lire nos articles</Link>
        </Button>
      </MessageActions>
    </MessagePage>
  );
}
