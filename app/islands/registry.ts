/**
 * Every island's client code, by name (see island.tsx). Each one is its own chunk, fetched only
 * by the pages that have it: a legal page downloads the header and the footer form, not the
 * contact form.
 */
import type { ComponentType } from 'react';

/** An island's component; its props come from the server as JSON (hydrate.tsx). */
export type IslandLoader = () => Promise<ComponentType<never>>;

export const ISLANDS: Record<string, IslandLoader> = {
  'site-header': () => import('~/components/layout/site-header').then((m) => m.SiteHeader),
  'site-runtime': () => import('./site-runtime').then((m) => m.SiteRuntime),
  'offline-banner': () => import('~/features/pwa/offline-banner').then((m) => m.OfflineBanner),
  'newsletter-form': () => import('~/features/newsletter/newsletter-form').then((m) => m.NewsletterForm),
  'contact-form': () => import('~/features/leads/contact-form').then((m) => m.ContactFormRoot),
  'new-link-form': () => import('~/features/newsletter/new-link-form').then((m) => m.NewLinkForm),
  'newsletter-manage': () => import('~/features/newsletter/manage-form').then((m) => m.ManageForm),
  'call-booking': () => import('~/features/leads/call-booking').then((m) => m.CallBooking),
};
