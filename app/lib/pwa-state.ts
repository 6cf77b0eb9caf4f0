/**
 * The PWA's state on the page, tiny: it is in every page's first load (docs/decisions/005), so it
 * only holds state and catches the browser's install offer, which can come before anything else
 * is loaded (on public pages, even before this module: the inline bootstrap keeps it meanwhile).
 * Framework-free: the public pages' entry reads it before React is loaded (use-pwa-state.ts is
 * the components' hook). The behaviour lives in features/pwa/pwa-runtime.ts (loaded after the page), the
 * overlays in features/pwa (loaded when shown), and the header's indicators read it too.
 */
/** Chromium's install offer (not in TypeScript's DOM library). */
export type InstallOffer = Event & {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
};

export type PwaState = {
  /** The full-screen install prompt is on screen. */
  installVisible: boolean;
  /** 'Installation...' after the install click, until the browser answers. */
  installPending: boolean;
  /** The browser offered installation (beforeinstallprompt); else only the iOS hint applies. */
  installOffer: InstallOffer | null;
  /** Running installed, or installed from this browser (docs/product.md §3.4: `installed`). */
  installed: boolean;
  /** The update card is on screen. */
  updateVisible: boolean;
  /** 'Installation...' after 'Mettre à jour maintenant', until the new worker takes control. */
  updatePending: boolean;
};

const INITIAL: PwaState = {
  installVisible: false,
  installPending: false,
  installOffer: null,
  installed: false,
  updateVisible: false,
  updatePending: false,
};

let state = INITIAL;
const listeners = new Set<() => void>();

export function setPwaState(patch: Partial<PwaState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const getPwaState = () => state;
/** The server renders no overlay and no installed badge. */
export const getServerPwaState = () => INITIAL;

export function subscribePwa(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Back to the start, for tests. */
export function resetPwaState() {
  state = INITIAL;
}

/** Called by pwa-runtime when it starts, to act on an offer caught before it was loaded. */
let onOffer: ((offer: InstallOffer) => void) | undefined;
export function handleInstallOffers(handler: (offer: InstallOffer) => void) {
  onOffer = handler;
  if (state.installOffer) handler(state.installOffer);
}

/**
 * Where the public pages' inline bootstrap keeps an offer the browser made before this module was
 * loaded (app/islands/bootstrap.ts): on a returning visit it may come before the islands.
 */
export const EARLY_INSTALL_OFFER = '__installOffer';
type EarlyOfferWindow = Window & { [EARLY_INSTALL_OFFER]?: InstallOffer | null };

if (typeof window !== 'undefined') {
  const early = (window as EarlyOfferWindow)[EARLY_INSTALL_OFFER];
  if (early) state = { ...state, installOffer: early };
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the offer for our own prompt instead of the browser's mini-infobar.
    event.preventDefault();
    const offer = event as InstallOffer;
    setPwaState({ installOffer: offer });
    onOffer?.(offer);
  });
}
