import { RefreshCw, WifiOff } from 'lucide-react';
import { Link } from 'react-router';
import { PAGES } from '#common/pages.ts';
import { pageShareImage } from '#common/visuals.ts';
import { Button } from '~/components/ui/button';
import { seo } from '~/lib/seo';
import { siteFromMatches } from '~/lib/site';
import type { Route } from './+types/offline';

export function meta({ matches }: Route.MetaArgs) {
  // Served by the service worker when the network is gone; never a page to index.
  return seo(siteFromMatches(matches), {
    title: PAGES.offline.title,
    image: pageShareImage('offline'),
    description: 'La connexion à Internet est interrompue. Les pages déjà consultées restent disponibles.',
    path: '/offline',
    noindex: true,
  });
}

export default function Offline() {
  return (
    <section className="px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-xl text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-gray-100 text-gray-700">
          <WifiOff className="size-8" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">
          Vous êtes hors ligne
        </h1>
        <p className="mt-4 text-lg text-gray-700">
          La connexion à Internet semble interrompue, et cette page n'a pas encore été enregistrée sur votre
          appareil.
        </p>
        <p className="mt-4 text-gray-700">
          Les pages que vous avez déjà consultées restent disponibles hors connexion. Si vous remplissez un
          formulaire, il sera envoyé automatiquement dès le retour du réseau.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {/* Not hydrated: the islands' entry answers data-reload (app/islands/hydrate.tsx). */}
          <Button size="lg" data-reload="">
            <RefreshCw className="size-5" aria-hidden="true" />
            Réessayer
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to="/">Retour à l'accueil</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
