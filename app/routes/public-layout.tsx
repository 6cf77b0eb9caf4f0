import type { ReactNode } from 'react';
import { isRouteErrorResponse, Outlet, useNavigation } from 'react-router';
import { SiteFooter } from '~/components/layout/site-footer';
import { SiteHeader } from '~/components/layout/site-header';
import { NotFoundPage } from '~/components/not-found-page';
import { NewsletterForm } from '~/features/newsletter/newsletter-form';
import { OfflineBanner } from '~/features/pwa/offline-banner';
import { useSite } from '~/lib/site';
import type { Route } from './+types/public-layout';

function PublicShell({ children }: { children: ReactNode }) {
  const site = useSite();
  const navigation = useNavigation();
  return (
    <>
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Aller au contenu
      </a>
      <SiteHeader siteName={site.name} />
      <OfflineBanner />
      {navigation.state === 'loading' ? (
        <p
          role="status"
          className="fixed inset-x-0 top-16 z-30 bg-brand-700 py-1 text-center text-sm font-medium text-white"
        >
          Chargement en cours...
        </p>
      ) : null}
      <main id="contenu" tabIndex={-1} className="focus:outline-none">
        {children}
      </main>
      <SiteFooter site={site} newsletter={<NewsletterForm variant="footer" />} />
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
