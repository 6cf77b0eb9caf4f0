/**
 * The banner shown under the header while the browser has no network (decision 024):
 * the 8-px dot of the connectivity indicator is easy to miss on a phone. It says what still works:
 * the pages already visited (kept by the service worker) and the forms, kept and sent when the
 * connection returns (offline-queue.ts). It sticks under the sticky header, so that a visitor
 * halfway down a page sees it too; "Masquer" puts it away until the next loss of connection.
 */
import WifiOff from 'lucide-react/icons/wifi-off';
import X from 'lucide-react/icons/x';
import { useEffect, useState } from 'react';
import { useOnline } from '~/components/layout/status-indicators';
import { island } from '~/lib/island';

export function OfflineBanner() {
  const online = useOnline();
  const [dismissed, setDismissed] = useState(false);
  // Back online: the next loss of connection shows the banner again.
  useEffect(() => {
    if (online) setDismissed(false);
  }, [online]);
  const shown = !online && !dismissed;
  return (
    // The live region is always there, so that its message is announced when it appears.
    <div role="status" data-offline-banner={shown || undefined} className="sticky top-16 z-30">
      {shown ? (
        <div className="border-b border-amber-200 bg-amber-50 py-2 pr-1 pl-3 text-sm text-amber-950 shadow-sm sm:pr-2 sm:pl-4">
          <div className="mx-auto flex max-w-6xl items-start gap-2">
            <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <p className="min-w-0 flex-1">
              <strong className="font-semibold">Connexion perdue.</strong> Les pages déjà visitées restent
              consultables, et vos formulaires sont gardés sur cet appareil puis envoyés automatiquement au
              retour de la connexion.
            </p>
            <button
              type="button"
              onClick={() => setDismissed(true)}
              aria-label="Masquer ce message"
              className="-my-1 flex size-8 shrink-0 items-center justify-center rounded-md text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-amber-800"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

export const OfflineBannerIsland = island('offline-banner', OfflineBanner, { wake: ['connectivity'] });
