/**
 * The site's header (docs/product.md §2.3): name, main navigation, the PWA indicators, "Admin", the quote
 * button and the drawer on small screens. An island (app/islands): plain links (a page is a
 * document load), the current page known from the `pathname` the server renders it with.
 */
import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { useEffect, useRef, useState } from 'react';
import { ConnectivityIndicator, InstalledIndicator } from '~/components/layout/status-indicators';
import { LeadButton } from '~/components/lead-button';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { island } from '~/lib/island';
import { isNavActive, NAV_LINKS } from './nav-links';

const linkClass = (active: boolean) =>
  cn(
    'nav-link',
    active ? 'bg-brand-50 text-brand-800' : 'text-gray-700 hover:bg-gray-50 hover:text-brand-800',
  );

type SiteHeaderProps = { siteName: string; pathname: string };

/** A link of the navigation, marked as the current page as React Router's NavLink would. */
function NavItem({
  to,
  pathname,
  className,
  children,
  onClick,
}: {
  to: string;
  pathname: string;
  className: (active: boolean) => string;
  children: React.ReactNode;
  onClick?: () => void;
}) {
  const active = isNavActive(to, pathname);
  return (
    <a href={to} aria-current={active ? 'page' : undefined} className={className(active)} onClick={onClick}>
      {children}
    </a>
  );
}

export function SiteHeader({ siteName, pathname }: SiteHeaderProps) {
  return (
    <header
      data-sticky-header
      className="sticky top-0 z-40 border-b border-gray-100 bg-white/95 backdrop-blur"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-4">
        {/* The name may wrap onto two lines on the narrowest phones (320 px) rather than push the menu button out. */}
        <a
          href="/"
          className="flex min-w-0 items-center gap-2 rounded-md text-base leading-tight font-extrabold tracking-tight text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:text-lg"
        >
          <img src="/icon.svg" alt="" width={32} height={32} className="size-8 shrink-0" />
          <span>{siteName}</span>
        </a>
        <nav aria-label="Navigation principale" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavItem to={link.to} pathname={pathname} className={linkClass}>
                  {link.label}
                </NavItem>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <div className="flex items-center">
            <InstalledIndicator />
            <ConnectivityIndicator />
          </div>
          <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
            <a href="/admin">Admin</a>
          </Button>
          <LeadButton lead="quote" size="sm">
            <span className="hidden sm:inline">Devis gratuit</span>
            <span className="sm:hidden">Devis</span>
          </LeadButton>
          <MobileMenu pathname={pathname} />
        </div>
      </div>
    </header>
  );
}

/**
 * The side drawer on small screens, a native modal <dialog> (no dialog library on every page):
 * the browser traps focus and closes it on Escape; we close it on a click outside its panel, when
 * a link is chosen, and when the quote button opens the quote modal.
 */
function MobileMenu({ pathname }: { pathname: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Back to this page from the browser's cache (back button) after following one of its links.
  useEffect(() => {
    const onPageShow = () => setOpen(false);
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label="Ouvrir le menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Menu className="size-6" aria-hidden="true" />
      </Button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled natively by <dialog>; the click is for the backdrop. */}
      <dialog
        ref={dialogRef}
        aria-labelledby="mobile-menu-title"
        onClose={() => setOpen(false)}
        onClick={(event) => {
          // A click on the backdrop targets the dialog element itself, outside the panel.
          if (event.target === event.currentTarget) setOpen(false);
        }}
        className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-72 max-w-[85vw] bg-white p-0 shadow-xl backdrop:bg-black/40"
      >
        <div className="flex h-full flex-col gap-6 overflow-y-auto p-5 sm:p-6">
          <div className="flex items-center justify-between">
            <p id="mobile-menu-title" className="text-lg font-bold text-gray-900">
              Menu
            </p>
            <Button variant="ghost" size="icon" aria-label="Fermer le menu" onClick={() => setOpen(false)}>
              <X className="size-6" aria-hidden="true" />
            </Button>
          </div>
          <nav aria-label="Navigation mobile">
            <ul className="flex flex-col gap-1">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavItem
                    to={link.to}
                    pathname={pathname}
                    onClick={() => setOpen(false)}
                    className={(active) => cn(linkClass(active), 'block text-base')}
                  >
                    {link.label}
                  </NavItem>
                </li>
              ))}
              <li>
                <NavItem
                  to="/admin"
                  pathname={pathname}
                  onClick={() => setOpen(false)}
                  className={(active) => cn(linkClass(active), 'block text-base')}
                >
                  Admin
                </NavItem>
              </li>
            </ul>
          </nav>
          <LeadButton lead="quote" className="mt-auto" onClick={() => setOpen(false)}>
            Demander un devis
          </LeadButton>
        </div>
      </dialog>
    </>
  );
}

export const SiteHeaderIsland = island('site-header', SiteHeader, {
  wake: ['interaction', 'connectivity', 'installed'],
});
