/**
 * The public pages' behaviour that belongs to no visible block, as one island at the end of the
 * page (docs/decisions/030-public-islands.md): the quote and call modals' host (docs/product.md §2.7), the
 * "Demander un devis" shortcut of the installed app (/?devis=1), the "Chargement en cours..."
 * notice while the next page loads (docs/product.md §2.1), the toasts, the PWA overlays and the startup
 * prefetches of docs/product.md §7.5. On the server it renders nothing.
 */
import { useEffect, useState } from 'react';
import { ToastMount } from '~/components/ui/toast-mount';
import { LeadModalsHost } from '~/features/leads/lead-modals';
import { openQuote } from '~/features/leads/lead-modals-store';
import { PwaOverlays } from '~/features/pwa/pwa-overlays';
import { island } from '~/lib/island';
import { useStartupPrefetch } from '~/lib/startup-prefetch';

/** The manifest's "Demander un devis" shortcut opens /?devis=1: the quote modal, then a clean URL. */
function QuoteShortcut() {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.pathname !== '/' || !url.searchParams.has('devis')) return;
    openQuote();
    url.searchParams.delete('devis');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
  return null;
}

/** A link to another page of the site, followed in this tab. */
function isPageNavigation(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return false;
  if (link.target && link.target !== '_self') return false;
  const to = new URL(link.href);
  const here = window.location;
  if (to.origin !== here.origin) return false;
  // A jump within this page (#contenu, #team) loads nothing.
  return !(to.pathname === here.pathname && to.search === here.search && to.hash);
}

/**
 * docs/product.md §2.1: pages load with the fallback text 'Chargement en cours...' until the next one
 * arrives.
 */
function NavigationStatus() {
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (isPageNavigation(event)) setLoading(true);
    };
    // Back to this page from the browser's cache (back button): nothing is loading any more.
    const onPageShow = () => setLoading(false);
    document.addEventListener('click', onClick);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);
  if (!loading) return null;
  return (
    <p
      role="status"
      className="fixed inset-x-0 top-16 z-30 bg-brand-700 py-1 text-center text-sm font-medium text-white"
    >
      Chargement en cours...
    </p>
  );
}

export function SiteRuntime() {
  useStartupPrefetch();
  return (
    <>
      <LeadModalsHost />
      <QuoteShortcut />
      <NavigationStatus />
      <PwaOverlays />
      <ToastMount />
    </>
  );
}

export const SiteRuntimeIsland = island('site-runtime', SiteRuntime);
