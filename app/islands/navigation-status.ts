/**
 * docs/product.md §2.1: pages load with the fallback text 'Chargement en cours...' until the next
 * one arrives. A page change is a document load (decision 030), so the notice is shown by the
 * leaving page, from the click on a link to another page of the site. Framework-free: installed by
 * the public pages' entry (live.ts) without React.
 */
const NOTICE_CLASS =
  'fixed inset-x-0 top-16 z-30 bg-brand-700 py-1 text-center text-sm font-medium text-white';

/** A link to another page of the site, followed in this tab. */
export function isPageNavigation(event: MouseEvent): boolean {
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

/** Shows the notice on a page change; returns the removal of its listeners. */
export function installNavigationStatus(): () => void {
  let notice: HTMLParagraphElement | null = null;
  const onClick = (event: MouseEvent) => {
    if (!isPageNavigation(event) || notice) return;
    notice = document.createElement('p');
    notice.setAttribute('role', 'status');
    notice.className = NOTICE_CLASS;
    notice.textContent = 'Chargement en cours...';
    document.body.append(notice);
  };
  // Back to this page from the browser's cache (back button): nothing is loading any more.
  const onPageShow = () => {
    notice?.remove();
    notice = null;
  };
  document.addEventListener('click', onClick);
  window.addEventListener('pageshow', onPageShow);
  return () => {
    document.removeEventListener('click', onClick);
    window.removeEventListener('pageshow', onPageShow);
  };
}
