/**
 * Every island's client code, by name (see island.tsx). Each one is its own chunk, fetched only
 * by the pages that have it: a legal page downloads the header and the footer form, not the
 * contact form.
 */
import type { ComponentType } from 'react';

type Loader = () => Promise<ComponentType<Record<string, unknown>>>;
const of =
  <M>(load: () => Promise<M>, pick: (module: M) => unknown): Loader =>
  async () =>
    pick(await load()) as ComponentType<Record<string, unknown>>;

export const ISLANDS: Record<string, Loader> = {
  'site-header': of(
    () => import('~/components/layout/site-header'),
    (m) => m.SiteHeader,
  ),
  'site-runtime': of(
    () => import('./site-runtime'),
    (m) => m.SiteRuntime,
  ),
  'offline-banner': of(
    () => import('~/features/pwa/offline-banner'),
    (m) => m.OfflineBanner,
  ),
  'newsletter-form': of(
    () => import('~/features/newsletter/newsletter-form'),
    (m) => m.NewsletterForm,
  ),
  'contact-form': of(
    () => import('~/features/leads/contact-form'),
    (m) => m.ContactFormRoot,
  ),
  'new-link-form': of(
    () => import('~/features/newsletter/new-link-form'),
    (m) => m.NewLinkForm,
  ),
  'newsletter-manage': of(
    () => import('~/features/newsletter/manage-form'),
    (m) => m.ManageForm,
  ),
  'post-view': of(
    () => import('~/features/blog/record-view'),
    (m) => m.RecordView,
  ),
};
