/**
 * Generated visuals (docs/decisions/023-generated-visuals.md): the URLs of the covers
 * of blog posts and case studies and of every page's share image (Open Graph). Pure functions of
 * the content, run on the server (presenters) and in the browser (`meta` on client navigation),
 * so no secret and no Node API here. The server (server/visuals/) draws only what these names
 * point at: a page of common/pages.ts or a published row it looks up itself, never text taken
 * from the URL. The hash in each name changes with the drawn content, so every file can be cached
 * for a year.
 */
import { BLOG_CATEGORY_LABELS, type BlogCategory } from './enums.ts';
import { PAGES, type PageKey } from './pages.ts';
import { MEDIA_URL_PREFIX, mediaIdOfUrl, mediaSrcset } from './schemas/media.ts';

/** Bump when the art direction changes: every URL changes with it, so no cache keeps an old look. */
export const VISUALS_DESIGN_VERSION = '1';
export const VISUALS_PREFIX = '/visuals';
/** The same covers for signed-in staff, drafts included (server/app.ts mounts it behind the admin's gate). */
export const ADMIN_VISUALS_PREFIX = '/api/admin/visuals';

/** Covers are 3:2 at these widths, in AVIF and WebP. */
export const COVER_WIDTHS = [480, 800, 1200] as const;
export type CoverWidth = (typeof COVER_WIDTHS)[number];
export const COVER_FORMATS = ['avif', 'webp'] as const;
export type CoverFormat = (typeof COVER_FORMATS)[number];
export const coverHeight = (width: number) => Math.round((width * 2) / 3);
/** The size every share image has (what Facebook, LinkedIn, WhatsApp and X expect). */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** How many figures of a case study's results its cover shows. */
export const COVER_MAX_FIGURES = 3;

/** An image as a <picture> needs it: `sources` in order of preference, `src` for the fallback. */
export type CoverImage = {
  src: string;
  width: number;
  height: number;
  alt: string;
  sources: { type: 'image/avif' | 'image/webp'; srcset: string }[];
  /** True for an image the admin uploaded or linked, false for a generated one. */
  uploaded: boolean;
};

/** A share image (og:image): always OG_WIDTH x OG_HEIGHT. */
export type ShareImage = {
  /** Path on this site (seo() makes it absolute). */
  url: string;
  width: number;
  height: number;
  type: 'image/png' | 'image/jpeg';
  alt: string;
};

/**
 * cyrb53: a fast 53-bit string hash, the same in Node and in browsers. Not a security measure
 * (the server never trusts the hash, it recomputes it from the database); it only makes URLs
 * change with the content. 11 base-36 characters.
 */
export function contentHash(...parts: string[]): string {
  const input = [VISUALS_DESIGN_VERSION, ...parts].join('\u001f');
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < input.length; i++) {
    const ch = input.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).padStart(11, '0');
}

// ---------------------------------------------------------------------------------------------
// Names. Every name the server accepts matches one of these patterns, on the raw path.
// ---------------------------------------------------------------------------------------------

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const HASH = '[0-9a-z]{11}';

/** `/visuals/cover/<post|case>-<uuid>-<hash>.<width>.<avif|webp>` */
export const COVER_NAME_PATTERN = new RegExp(
  `^(post|case)-(${UUID})-(${HASH})\\.(${COVER_WIDTHS.join('|')})\\.(avif|webp)$`,
);
/** `/visuals/og/page-<key>-<hash>.png`, `/visuals/og/<service|post>-<uuid>-<hash>.<png|jpg>` */
export const OG_NAME_PATTERN = new RegExp(
  `^(?:page-([a-z][a-z0-9_.]{0,60})|(service|post)-(${UUID}))-(${HASH})\\.(png|jpg)$`,
);

export type PostVisualInput = {
  id: string;
  /** Its address: the cover's variation is drawn from it (decision 088). */
  slug: string;
  title: string;
  category: BlogCategory;
  coverImage: string | null;
  /** The admin's description of the cover (decision 071); empty or absent: made from the title. */
  coverAlt?: string;
};
export type CaseStudyVisualInput = {
  id: string;
  title: string;
  clientName: string;
  industry: string;
  results: { label: string; value: string }[];
  imageUrl: string | null;
};
export type ServiceVisualInput = { id: string; title: string; parentTitle: string | null };

/**
 * A post's cover shows its category's art varied by its slug, not its title (decision 088): the
 * title is not hashed.
 * Changing the art (server/visuals/post-cover.ts) means a new POST_COVER_ART_VERSION.
 */
export const POST_COVER_ART_VERSION = '1';
export const postCoverHash = (p: PostVisualInput) =>
  contentHash('post-cover-art', POST_COVER_ART_VERSION, BLOG_CATEGORY_LABELS[p.category], p.slug);
export const caseStudyCoverHash = (c: CaseStudyVisualInput) =>
  contentHash(
    'case-cover',
    c.title,
    c.clientName,
    c.industry,
    ...c.results.slice(0, COVER_MAX_FIGURES).flatMap((r) => [r.value, r.label]),
  );
/** The post's share image is its upload when it has one: the upload's URL is part of the hash. */
export const postShareHash = (p: PostVisualInput) =>
  contentHash('post-og', p.title, BLOG_CATEGORY_LABELS[p.category], uploadedMediaUrl(p.coverImage) ?? '');
export const serviceShareHash = (s: ServiceVisualInput) =>
  contentHash('service-og', s.title, s.parentTitle ?? '');
export const pageShareHash = (key: PageKey) => {
  const page = PAGES[key];
  return contentHash('page-og', key, page.title, page.label, page.subtitle);
};

/** A `/media/<uuid>.<w>.webp` URL (an upload of this site), or null. */
export function uploadedMediaUrl(url: string | null | undefined): string | null {
  return url && mediaIdOfUrl(url) ? url : null;
}

function generatedCover(kind: 'post' | 'case', id: string, hash: string, alt: string): CoverImage {
  const base = `${VISUALS_PREFIX}/cover/${kind}-${id}-${hash}`;
  const srcset = (format: CoverFormat) => COVER_WIDTHS.map((w) => `${base}.${w}.${format} ${w}w`).join(', ');
  return {
    src: `${base}.800.webp`,
    width: 1200,
    height: coverHeight(1200),
    alt,
    sources: [
      { type: 'image/avif', srcset: srcset('avif') },
      { type: 'image/webp', srcset: srcset('webp') },
    ],
    uploaded: false,
  };
}

/** An image the admin gave: its WebP variants for our uploads, the URL alone for an https link. */
function givenCover(url: string, alt: string): CoverImage {
  const srcset = url.startsWith(MEDIA_URL_PREFIX) ? mediaSrcset(url) : undefined;
  return {
    src: url,
    width: 1200,
    height: coverHeight(1200),
    alt,
    sources: srcset ? [{ type: 'image/webp', srcset }] : [],
    uploaded: true,
  };
}

export function postCover(p: PostVisualInput): CoverImage {
  const alt = (p.coverImage && p.coverAlt) || `Illustration de l’article « ${p.title} »`;
  return p.coverImage ? givenCover(p.coverImage, alt) : generatedCover('post', p.id, postCoverHash(p), alt);
}

export function caseStudyCover(c: CaseStudyVisualInput): CoverImage {
  const alt = `Projet réalisé pour ${c.clientName} : ${c.title}`;
  return c.imageUrl ? givenCover(c.imageUrl, alt) : generatedCover('case', c.id, caseStudyCoverHash(c), alt);
}

/**
 * A draft case study's drawn cover, for the back-office's list: not public before the case study
 * is, so it comes from the admin's API, to signed-in staff only.
 */
export const adminCaseStudyCoverUrl = (c: CaseStudyVisualInput) =>
  `${ADMIN_VISUALS_PREFIX}/cover/case-${c.id}-${caseStudyCoverHash(c)}.${COVER_WIDTHS[0]}.webp`;

export function postShareImage(p: PostVisualInput): ShareImage {
  const photo = uploadedMediaUrl(p.coverImage) !== null;
  return {
    url: `${VISUALS_PREFIX}/og/post-${p.id}-${postShareHash(p)}.${photo ? 'jpg' : 'png'}`,
    width: OG_WIDTH,
    height: OG_HEIGHT,
    type: photo ? 'image/jpeg' : 'image/png',
    // The composed image shows the photo under the title: its alt says both when the admin described it.
    alt: `${p.title} (${BLOG_CATEGORY_LABELS[p.category]})${photo && p.coverAlt ? `, ${p.coverAlt}` : ''}`,
  };
}

export function serviceShareImage(s: ServiceVisualInput): ShareImage {
  return {
    url: `${VISUALS_PREFIX}/og/service-${s.id}-${serviceShareHash(s)}.png`,
    width: OG_WIDTH,
    height: OG_HEIGHT,
    type: 'image/png',
    alt: `${s.title} : ${s.parentTitle ? `une offre ${s.parentTitle}` : 'nos services'}`,
  };
}

export function pageShareImage(key: PageKey): ShareImage {
  const page = PAGES[key];
  return {
    url: `${VISUALS_PREFIX}/og/page-${key}-${pageShareHash(key)}.png`,
    width: OG_WIDTH,
    height: OG_HEIGHT,
    type: 'image/png',
    alt: `${page.title} : ${page.subtitle}`,
  };
}
