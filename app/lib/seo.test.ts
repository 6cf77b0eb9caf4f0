import { describe, expect, it } from 'vitest';
import { siteInfoFromSettings } from '#common/site.ts';
import { meta as notFoundMeta } from '~/routes/not-found';
import { seo } from './seo';

const site = siteInfoFromSettings(
  { 'site.name': 'Lisanga Digital', 'social.x': 'https://x.com/lisangadigital' },
  'https://lisanga-digital.cd',
);
const matches = [{ id: 'root', loaderData: { site } }];

/** The value of a meta tag by name or property. */
const tag = (tags: ReturnType<typeof seo>, key: string) =>
  (
    tags.find((t) => ('name' in t && t.name === key) || ('property' in t && t.property === key)) as
      | { content: string }
      | undefined
  )?.content;

describe('share tags', () => {
  it('name the agency’s X account on every page when the settings give one', () => {
    const tags = seo(site, { title: 'Contact', description: 'Écrivez-nous', path: '/contact' });
    expect(tag(tags, 'twitter:site')).toBe('@lisangadigital');
    const without = siteInfoFromSettings({ 'site.name': 'Lisanga Digital' }, 'https://lisanga-digital.cd');
    expect(tag(seo(without, { title: 'Contact', description: 'x', path: '/contact' }), 'twitter:site')).toBe(
      undefined,
    );
  });

  it('give the 404 page its Open Graph and Twitter cards, kept out of search engines', () => {
    const tags = notFoundMeta({ matches, location: { pathname: '/page-inconnue' } });
    expect(tags).toContainEqual({ title: '404 Page Not Found' });
    expect(tag(tags, 'robots')).toBe('noindex');
    expect(tag(tags, 'og:title')).toBe('404 Page Not Found');
    expect(tag(tags, 'og:url')).toBe('https://lisanga-digital.cd/page-inconnue');
    expect(tag(tags, 'og:image')).toMatch(/^https:\/\/lisanga-digital\.cd\/.+\.png$/);
    expect(tag(tags, 'og:description')).toMatch(/n’existe pas/);
    expect(tag(tags, 'twitter:card')).toBe('summary_large_image');
    expect(tag(tags, 'twitter:site')).toBe('@lisangadigital');
    // No canonical address for a page that does not exist.
    expect(tags.some((t) => 'rel' in t && t.rel === 'canonical')).toBe(false);
  });
});
