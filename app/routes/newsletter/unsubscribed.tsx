import { MailX } from 'lucide-react';
import { Link } from 'react-router';
import { PAGES } from '#common/pages.ts';
import { pageShareImage } from '#common/visuals.ts';
import { Button } from '~/components/ui/button';
import { seo } from '~/lib/seo';
import { siteFromMatches, useSite } from '~/lib/site';
import type { Route } from './+types/unsubscribed';

export function meta({ matches }: Route.MetaArgs) {
  // Reached only from an unsubscribe link: nothing for search engines here.
  return seo(siteFromMatches(matches), {
    title: PAGES['newsletter.unsubscribed'].title,
    image: pageShareImage('newsletter.unsubscribed'),
    description: 'Vous ne recevrez plus notre newsletter.',
    path: '/newsletter/unsubscribed',
    noindex: true,
  });
}

export default function NewsletterUnsubscribed() {
  const site = useSite();
  return (
    <section className="bg-gradient-to-b from-gray-50 to-white px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-gray-100 text-gray-700">
          <MailX className="size-8" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">
          Vous êtes désinscrit
        </h1>
        <p className="mt-4 text-lg text-gray-700">
          Votre adresse a bien été retirée de notre liste : vous ne recevrez plus la newsletter de {site.name}
          .
        </p>
        <p className="mt-4 text-gray-700">
          Vous avez changé d'avis ? Vous pouvez vous réinscrire à tout moment depuis le bas de chaque page du
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
          <Link to="/">Retour à l'accueil</Link>
        </Button>
      </div>
    </section>
  );
}
