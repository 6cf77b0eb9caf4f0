/**
 * Per-page head tags: title, description, canonical URL, Open Graph and Twitter cards (WhatsApp
 * and Facebook previews read Open Graph; `twitter:site` names the agency's X account, the setting
 * social.x), and optional JSON-LD.
 */
import type { MetaDescriptor } from 'react-router';

import { PAGES, type PageKey } from '#common/pages.ts';
import { type SiteInfo, xHandle } from '#common/site.ts';
import { pageShareImage, type ShareImage } from '#common/visuals.ts';
import { siteFromMatches } from './site';

export type { SiteInfo };

export type PageSeo = {
  title: string;
  description: string;
  /** Path of the page, e.g. '/blog/mon-article'; include a query only when it names distinct content (a blog category or page). */
  path: string;
  /**
   * The share image (og:image, 1200x630): `pageShareImage(key)` for a page of common/pages.ts,
   * `serviceShareImage(...)`, or a post's `shareImage`. The home page's when absent.
   */
  image?: ShareImage;
  type?: 'website' | 'article';
  noindex?: boolean;
  /** False for a page with no address of its own (the 404 page): no canonical link. */
  canonical?: boolean;
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  article?: { publishedTime: string; modifiedTime?: string; section?: string };
};

export const absoluteUrl = (site: Pick<SiteInfo, 'publicUrl'>, path: string) =>
  /^https?:\/\//.test(path) ? path : `${site.publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;

export function seo(site: SiteInfo | undefined, page: PageSeo): MetaDescriptor[] {
  if (!site) return [{ title: page.title }, { name: 'description', content: page.description }];
  const url = absoluteUrl(site, page.path);
  const title = page.path === '/' ? page.title : `${page.title} | ${site.name}`;
  const image = page.image ?? pageShareImage('home');
  const imageUrl = absoluteUrl(site, image.url);
  const handle = xHandle(site.social.x);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    ...(page.canonical === false ? [] : [{ tagName: 'link', rel: 'canonical', href: url }]),
    { property: 'og:site_name', content: site.name },
    { property: 'og:locale', content: 'fr_FR' },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: imageUrl },
    { property: 'og:image:type', content: image.type },
    { property: 'og:image:width', content: String(image.width) },
    { property: 'og:image:height', content: String(image.height) },
    { property: 'og:image:alt', content: image.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    // The agency's account, from the settings (social.x); none when it has none.
    ...(handle ? [{ name: 'twitter:site', content: handle }] : []),
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: imageUrl },
    { name: 'twitter:image:alt', content: image.alt },
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
    image: absoluteUrl(site, pageShareImage('home').url),
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

/** What a route's `meta` receives that the page meta needs: the matches (the root's site). */
type MetaContext = { matches: Parameters<typeof siteFromMatches>[0] };

/**
 * The `meta` of a page of common/pages.ts: its title, share image and path from the table and
 * the description given. `breadcrumb` adds the trail "Accueil > breadcrumb" (after `jsonLd`'s
 * data); `noindex` keeps a personal page out of search engines.
 */
export function pageMeta(
  key: PageKey,
  description: string | ((site: SiteInfo | undefined) => string),
  options: { breadcrumb?: string; noindex?: true; jsonLd?: (site: SiteInfo) => Record<string, unknown> } = {},
) {
  return ({ matches }: MetaContext): MetaDescriptor[] => {
    const site = siteFromMatches(matches);
    const { title, path } = PAGES[key];
    const { breadcrumb, noindex, jsonLd } = options;
    return seo(site, {
      title,
      image: pageShareImage(key),
      description: typeof description === 'function' ? description(site) : description,
      path,
      noindex,
      jsonLd:
        site && breadcrumb
          ? [
              ...(jsonLd ? [jsonLd(site)] : []),
              breadcrumbJsonLd(site, [
                ['Accueil', '/'],
                [breadcrumb, path],
              ]),
            ]
          : undefined,
    });
  };
}
