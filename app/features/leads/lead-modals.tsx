/**
 * Where the quote and call-request modals live (docs/product.md §2.7, §2.8): any 'Demander un devis' or call
 * button on any page (lead-button.tsx) opens them through the store of lead-modals-store.ts, optionally with
 * a preselected service. The host is mounted once per page, in its own island on public pages.
 *
 * The modals themselves (Radix Dialog, react-hook-form, zod, TanStack Query) are a separate chunk,
 * rendered only once a modal is first opened: no page pays for them in its first load. On the
 * visitor's first interaction with the page the chunk is preloaded and the service list
 * prefetched, so that a tap on a button opens a complete modal at once, even on a slow phone.
 */
import {
  Component,
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { PREFETCH_SERVICES_STALE } from '#common/constants.ts';
import { toast } from '~/lib/toast';
import { LeadConfirmation, type LeadSent } from './lead-confirmation';
import {
  closeLead,
  getLeadModalsState,
  getServerLeadModalsState,
  type OpenLead,
  resetLeadModals,
  subscribeLeadModals,
} from './lead-modals-store';

type ModalState = OpenLead | null;

type ModalsProps = {
  state: ModalState;
  close: () => void;
  onSent: (sent: LeadSent) => void;
  returnFocusTo: HTMLElement | null;
};

let modalsChunk: Promise<{ default: ComponentType<ModalsProps> }> | undefined;

/** Fetches the modals' code once; the same promise serves the preload and React.lazy. */
function loadModals() {
  modalsChunk ??= Promise.all([import('~/lib/query'), import('./quote-modal'), import('./call-modal')]).then(
    ([{ QueryProvider }, { default: QuoteModal }, { default: CallModal }]) => ({
      default: function LeadModalsHost({ state, close, onSent, returnFocusTo }: ModalsProps) {
        return (
          <QueryProvider>
            {(
              [
                ['quote', QuoteModal],
                ['call', CallModal],
              ] as const
            ).map(([kind, Modal]) => (
              <Modal
                key={kind}
                open={state?.kind === kind}
                service={state?.kind === kind ? state.service : undefined}
                onClose={close}
                onSent={onSent}
                returnFocusTo={returnFocusTo}
              />
            ))}
          </QueryProvider>
        );
      },
    }),
  );
  // A failed download (network blip) may be tried again on the next opening.
  modalsChunk.catch(() => {
    modalsChunk = undefined;
  });
  return modalsChunk;
}

/**
 * A modal chunk that fails to download (network lost, or a new deployment replaced it) must not
 * take the page down with the root error screen: the opening is abandoned, the visitor told, and
 * the next opening downloads again.
 */
class ModalsBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('Lead modals could not be loaded', error);
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Warms everything a modal needs: its code and the service list it offers. */
function preloadModals() {
  loadModals().catch(() => {});
  import('~/lib/query')
    .then(({ getQueryClient }) =>
      getQueryClient().prefetchQuery({ queryKey: ['/api/services'], staleTime: PREFETCH_SERVICES_STALE }),
    )
    .catch(() => {});
}

const FIRST_INTERACTION_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;

/**
 * `preloadNow`: the host is mounted once the visitor has started interacting (public pages' site
 * runtime, live.ts), so the modals are warmed at once instead of at the next interaction.
 */
export function LeadModalsHost({ preloadNow = false }: { preloadNow?: boolean }) {
  const { open, returnFocusTo, requested } = useSyncExternalStore(
    subscribeLeadModals,
    getLeadModalsState,
    getServerLeadModalsState,
  );
  // A fresh lazy component after a failed download: React.lazy remembers a failure for good.
  const [attempt, setAttempt] = useState(0);
  // Each lazy component gets a promise of its own (`then`). React marks a promise it saw settle as
  // fulfilled; a second lazy component handed that shared promise (a host mounted again, or a new
  // attempt) was rendered again at once, before its own callback could run. A browser yields in
  // between; React's `act` in tests never did, and `npm test` hung (decision 130).
  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt needs its own lazy component.
  const LazyModals = useMemo(() => lazy(() => loadModals().then((chunk) => chunk)), [attempt]);
  // The confirmation left on the page after a modal closed on success (lead-confirmation.tsx).
  const [sent, setSent] = useState<LeadSent | null>(null);
  // A new opening dismisses the confirmation of the previous one.
  useEffect(() => {
    if (open) setSent(null);
  }, [open]);

  useEffect(() => {
    if (preloadNow) {
      preloadModals();
      return;
    }
    let done = false;
    const onFirstInteraction = () => {
      if (done) return;
      done = true;
      stop();
      preloadModals();
    };
    const stop = () => {
      for (const type of FIRST_INTERACTION_EVENTS) {
        window.removeEventListener(type, onFirstInteraction, { capture: true });
      }
    };
    for (const type of FIRST_INTERACTION_EVENTS) {
      // Capture: scrolls inside an element do not bubble, and nothing may stop the event first.
      window.addEventListener(type, onFirstInteraction, { capture: true, passive: true });
    }
    return stop;
  }, [preloadNow]);

  const onLoadError = () => {
    resetLeadModals();
    setAttempt((n) => n + 1);
    toast({
      title: 'Erreur',
      description: 'Le formulaire n’a pas pu être chargé. Vérifiez votre connexion et réessayez.',
      variant: 'destructive',
    });
  };

  return (
    <>
      {requested ? (
        <ModalsBoundary key={attempt} onError={onLoadError}>
          <Suspense fallback={null}>
            <LazyModals state={open} close={closeLead} onSent={setSent} returnFocusTo={returnFocusTo} />
          </Suspense>
        </ModalsBoundary>
      ) : null}
      {sent ? <LeadConfirmation sent={sent} onDismiss={() => setSent(null)} /> : null}
    </>
  );
}
