/**
 * Per-page head tags: title, description, canonical URL, Open Graph and Twitter cards (WhatsApp
 * and Facebook previews read Open Graph), and optional JSON-LD.
 */
import type { MetaDescriptor } from 'react-router';

import type { SiteInfo } from '../../common/site.ts';

export type { SiteInfo };

export type PageSeo = {
  title: string;
  description: string;
  /** Path of the page, e.g. '/blog/mon-article'; include a query only when it names distinct content (a blog category or page). */
  path: string;
  image?: string | null;
  type?: 'website' | 'article';
  noindex?: boolean;
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  article?: { publishedTime: string; modifiedTime?: string; section?: string };
};

export const absoluteUrl = (site: Pick<SiteInfo, 'publicUrl'>, path: string) =>
  /^https?:\/\//.test(path) ? path : `${site.publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;

export function seo(site: SiteInfo | undefined, page: PageSeo): MetaDescriptor[] {
  if (!site) return [{ title: page.title }, { name: 'description', content: page.description }];
  const url = absoluteUrl(site, page.path);
  const title = page.path === '/' ? page.title : `${page.title} | ${site.name}`;
  const image = absoluteUrl(site, page.image ?? '/og-image.png');
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: site.name },
    { property: 'og:locale', content: 'fr_FR' },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
  ];
  if (page.article) {
    tags.push({ property: 'article:published_time', content: page.article.publishedTime });
    if (page.article.modifiedTime)
      tags.push({ property: 'article:modified_time', content: page.article.modifiedTime });
    if (page.article.section) tags.push({ property: 'article:section', content: page.article.section });
  }
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex' });
  for (const data of [page.jsonLd ?? []].flat()) tags.push({ 'script:ld+json': data });
  return tags;
}

/** JSON-LD for the agency itself, on the home and contact pages. */
export function organizationJsonLd(site: SiteInfo) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: site.name,
    description: site.description,
    url: site.publicUrl,
    logo: absoluteUrl(site, '/icon-512.png'),
    image: absoluteUrl(site, '/og-image.png'),
    email: site.contact.email,
    telephone: site.contact.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.contact.address,
      addressLocality: 'Kinshasa',
      addressCountry: 'CD',
    },
    areaServed: { '@type': 'Country', name: 'République démocratique du Congo' },
    sameAs: Object.values(site.social).filter(Boolean),
  };
}

/** BreadcrumbList JSON-LD from `[label, path]` pairs, home first. */
export function breadcrumbJsonLd(site: SiteInfo, trail: [string, string][]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: absoluteUrl(site, path),
    })),
  };
}
