import { use, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from 'react-router';
import { isAdminPath, isAdminSignInPath } from '#common/paths.ts';
import type { Route } from './+types/root';
import './app.css';
import { NotFoundPage } from './components/not-found-page';
import { ToastMount } from './components/ui/toast-mount';
import { appContext } from './context.server';
import { installLeadTriggers } from './features/leads/lead-modals-store';
import { PwaOverlays } from './features/pwa/pwa-overlays';
import { RELOAD_ATTRIBUTE } from './islands/bootstrap';
import { IslandAssetsContext, IslandScripts } from './islands/scripts';
import { startupPrefetch } from './lib/startup-prefetch';

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  return { site: await content.getSiteInfo() };
}

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/icon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  // Installable app (decision 041): public/manifest.webmanifest; the service worker is app/sw.ts.
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

/**
 * Two kinds of documents (docs/decisions/030-public-islands.md): the back-office is a React Router
 * application (its scripts, hydration data and client-side navigation); every other page is
 * server-rendered HTML whose interactive parts are islands, loaded by one small bootstrap once the
 * page is idle. The island assets exist only on the server: in the browser this layout is only ever
 * hydrated for the back-office.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const assets = use(IslandAssetsContext);
  const { pathname } = useLocation();
  const islands = assets !== null && !isAdminPath(pathname);
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#15803d" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-gray-900 antialiased">
        {children}
        {islands ? (
          <IslandScripts />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * The back-office's overlays (public pages have theirs in the site-runtime island). TanStack Query
 * is not loaded here: the features that need a client cache bring it with their own code
 * (app/lib/query.tsx); the startup prefetches load it once the page is idle. The login screen
 * loads neither the toaster nor the startup prefetches, which the public site's modals use: its
 * network is the sign-in's and the next screen's (decision 030); they start on the first screen
 * after it.
 */
function AdminOverlays({ signIn }: { signIn: boolean }) {
  useEffect(() => {
    if (!signIn) startupPrefetch('back-office');
  }, [signIn]);
  return (
    <>
      <PwaOverlays />
      {/* Ready before the first live toast (a lead, a subscriber): none is replaced unseen. */}
      <ToastMount preload={!signIn} />
    </>
  );
}

export default function App() {
  const { pathname } = useLocation();
  // A public page rendered by the router (reached by a client-side link): its lead buttons still open the modals.
  useEffect(() => installLeadTriggers(), []);
  return (
    <>
      <Outlet />
      {isAdminPath(pathname) ? <AdminOverlays signIn={isAdminSignInPath(pathname)} /> : null}
    </>
  );
}

export function HydrateFallback() {
  return <p className="p-8 text-center text-gray-600">Chargement en cours...</p>;
}

/**
 * Offline, a link to a page never visited fails to load its data. Loading it as a document instead
 * lets the service worker answer: the saved copy, or the offline page. Not twice in a row for one
 * address, so that a page that cannot start offline shows this screen instead of reloading forever.
 */
function useOfflineDocumentRetry(error: unknown) {
  useEffect(() => {
    if (navigator.onLine || isRouteErrorResponse(error) || !navigator.serviceWorker?.controller) return;
    const key = `offline-retry:${window.location.pathname}`;
    try {
      if (Date.now() - Number(sessionStorage.getItem(key)) < 30_000) return;
      sessionStorage.setItem(key, String(Date.now()));
    } catch {
      return;
    }
    window.location.reload();
  }, [error]);
}

/** Unknown routes get the 404 page; anything else the startup-failure screen of docs/product.md §2.1. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useOfflineDocumentRetry(error);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main>
        <NotFoundPage withLeadModals={false} />
      </main>
    );
  }
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">Erreur de chargement</h1>
      <p className="text-gray-600">Une erreur est survenue lors du chargement de l’application.</p>
      <button
        type="button"
        // Public pages are not hydrated: their island entry answers data-reload (app/islands).
        // Where both run, the tap reloads once: the island entry skips a tap already handled.
        {...{ [RELOAD_ATTRIBUTE]: '' }}
        onClick={(event) => {
          event.preventDefault();
          window.location.reload();
        }}
        className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Recharger la page
      </button>
    </main>
  );
}
