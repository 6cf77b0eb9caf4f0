import type { ReactNode } from 'react';
import { isRouteErrorResponse, Outlet, useLocation } from 'react-router';
import { SiteFooter } from '~/components/layout/site-footer';
import { SiteHeaderIsland } from '~/components/layout/site-header';
import { NotFoundPage } from '~/components/not-found-page';
import { NewsletterFormIsland } from '~/features/newsletter/newsletter-form';
import { OfflineBannerIsland } from '~/features/pwa/offline-banner';
import { SiteRuntimeIsland } from '~/islands/site-runtime';
import { useSite } from '~/lib/site';
import type { Route } from './+types/public-layout';

function PublicShell({ children }: { children: ReactNode }) {
  const site = useSite();
  const { pathname } = useLocation();
  return (
    <>
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Aller au contenu
      </a>
      <SiteHeaderIsland siteName={site.name} pathname={pathname} />
      <OfflineBannerIsland />
      {/* Each section after the first renders when near the screen, unless it holds blocks that
          do on their own (a list of cards): one level only (decision 093, 6 December). */}
      <main
        id="contenu"
        tabIndex={-1}
        className="focus:outline-none *:not-first:not-has-[.render-when-near]:render-when-near"
      >
        {children}
      </main>
      <SiteFooter site={site} newsletter={<NewsletterFormIsland variant="footer" />} />
      <SiteRuntimeIsland />
    </>
  );
}

export default function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}

/** When a page's loader answered 404 (unknown service or post), its own meta never ran. */
export function meta({ error }: Route.MetaArgs) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return [{ title: '404 Page Not Found' }, { name: 'robots', content: 'noindex' }];
  }
  return [];
}

/** An unknown service or post (404 thrown by a loader) keeps the header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <PublicShell>
        <NotFoundPage />
      </PublicShell>
    );
  }
  throw error;
}
