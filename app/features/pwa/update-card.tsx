/** The update card (docs/product.md §2.12, §4.7), bottom-right, shown while a new version waits. */
import Loader2 from 'lucide-react/icons/loader-circle';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import X from 'lucide-react/icons/x';
import { useId } from 'react';
import { Button } from '~/components/ui/button';
import { usePwaState } from '~/lib/use-pwa-state.ts';
import { applyUpdate, dismissUpdate } from './pwa-runtime.ts';

export default function UpdateCard() {
  const { updatePending } = usePwaState();
  const titleId = useId();
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className="fixed right-4 bottom-4 left-4 z-50 rounded-xl border border-gray-200 bg-white p-5 shadow-xl sm:left-auto sm:w-96"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <RefreshCw className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="font-semibold text-gray-900">
              Mise à jour
            </h2>
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800">
              Nouvelle version
            </span>
          </div>
          <p className="mt-1 text-sm text-gray-700">
            Une nouvelle version est disponible avec des améliorations et des corrections.
          </p>
        </div>
        <button
          type="button"
          aria-label="Fermer"
          onClick={() => dismissUpdate()}
          className="-mt-1 -mr-1 rounded-md p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-sm text-gray-700">
        <li>Performances améliorées</li>
        <li>Mode hors ligne optimisé</li>
        <li>Corrections de bugs</li>
      </ul>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button size="sm" className="flex-1" disabled={updatePending} onClick={() => applyUpdate()}>
          {updatePending ? (
            <>
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              Installation...
            </>
          ) : (
            'Mettre à jour maintenant'
          )}
        </Button>
        <Button size="sm" variant="ghost" disabled={updatePending} onClick={() => dismissUpdate()}>
          Plus tard
        </Button>
      </div>
      <p className="mt-3 text-xs text-gray-600">L’application redémarrera automatiquement.</p>
    </div>
  );
}
