import type { LucideIcon } from 'lucide-react';
import BookOpen from 'lucide-react/icons/book-open';
import Home from 'lucide-react/icons/house';
import Layers from 'lucide-react/icons/layers';
import Mail from 'lucide-react/icons/mail';
import { Link } from 'react-router';
import { LeadButton } from '~/components/lead-button';
import { Button } from '~/components/ui/button';

const DESTINATIONS: { to: string; label: string; hint: string; icon: LucideIcon }[] = [
  { to: '/', label: 'Retour à l’accueil', hint: 'Nos offres et nos réalisations', icon: Home },
  { to: '/services', label: 'Nos services', hint: 'Stratégie, digital, contenu, branding', icon: Layers },
  { to: '/blog', label: 'Le blog', hint: 'Conseils et cas concrets', icon: BookOpen },
  { to: '/contact', label: 'Nous contacter', hint: 'Réponse sous 24h', icon: Mail },
];

/** The 404 page's heading, English by the specification, and its title. */
export const NOT_FOUND_TITLE = '404 Page Not Found';
/** Its first sentence, also its description in share cards. */
export const NOT_FOUND_DESCRIPTION =
  'Cette page n’existe pas ou a été déplacée. Le lien est peut-être incomplet : vérifiez l’adresse, ou continuez vers l’une de ces pages.';

/**
 * The 404 page's content. Its heading is English by the specification ("404 Page Not Found");
 * the rest helps the visitor on in French: the main destinations and the quote request.
 * The caller supplies the <main> landmark (the public layout, or the root error screen, which has
 * no lead modal host: there the quote button leads to the home page's quote shortcut, /?devis=1).
 */
export function NotFoundPage({ withLeadModals = true }: { withLeadModals?: boolean }) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center gap-6 px-4 py-12 text-center sm:py-16">
      <h1 className="text-3xl font-bold text-gray-900">{NOT_FOUND_TITLE}</h1>
      <p className="max-w-xl text-base text-gray-700">{NOT_FOUND_DESCRIPTION}</p>
      <ul className="grid w-full gap-3 text-left sm:grid-cols-2">
        {DESTINATIONS.map(({ icon: Icon, ...destination }) => (
          <li key={destination.to}>
            <Link
              to={destination.to}
              className="flex min-h-14 items-center gap-3 rounded-xl border border-gray-200 p-3 hover:border-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-gray-900">{destination.label}</span>
                <span className="block text-sm text-gray-600">{destination.hint}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="flex w-full flex-col items-center gap-2 rounded-xl bg-brand-50 p-5 ring-1 ring-brand-100">
        <p className="text-sm font-medium text-gray-900">
          Vous cherchiez nos tarifs ? Recevez un devis gratuit sous 24h.
        </p>
        {withLeadModals ? (
          <LeadButton lead="quote" className="w-full sm:w-auto">
            Demander un devis
          </LeadButton>
        ) : (
          <Button asChild className="w-full sm:w-auto">
            <a href="/?devis=1">Demander un devis</a>
          </Button>
        )}
      </div>
    </div>
  );
}
