import RefreshCw from 'lucide-react/icons/refresh-cw';
import WifiOff from 'lucide-react/icons/wifi-off';
import { MessageActions, MessagePage } from '~/components/message-page';
import { Button } from '~/components/ui/button';
import { pageMeta } from '~/lib/seo';

// Served by the service worker when the network is gone; never a page to index.
export const meta = pageMeta(
  'offline',
  'La connexion à Internet est interrompue. Les pages déjà consultées restent disponibles.',
  { noindex: true },
);

export default function Offline() {
  return (
    <MessagePage icon={WifiOff} width="xl" bigTitle title="Vous êtes hors ligne">
      <p className="mt-4 text-lg text-gray-700">
        La connexion à Internet semble interrompue, et cette page n’a pas encore été enregistrée sur votre
        appareil.
      </p>
      <p className="mt-4 text-gray-700">
        Les pages que vous avez déjà consultées restent disponibles hors connexion. Si vous remplissez un
        formulaire, il sera envoyé automatiquement dès le retour du réseau.
      </p>
      <MessageActions>
        {/* Not hydrated: the islands' entry answers data-reload (app/islands/hydrate.tsx). */}
        <Button size="lg" data-reload="">
          <RefreshCw className="size-5" aria-hidden="true" />
          Réessayer
        </Button>
      </MessageActions>
    </MessagePage>
  );
}
