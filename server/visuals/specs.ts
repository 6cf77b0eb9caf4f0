/**
 * What each visual shows, from content the server read itself (a published row or a page of
 * common/pages.ts): the renderer never draws text that came from a URL.
 */
import { BLOG_CATEGORY_LABELS } from '#common/enums.ts';
import { PAGES, type PageKey } from '#common/pages.ts';
import {
  type CaseStudyVisualInput,
  COVER_MAX_FIGURES,
  type PostVisualInput,
  type ServiceVisualInput,
} from '#common/visuals.ts';
import type { VisualSpec } from './design.ts';
import { coverSeed, type PostCoverSpec } from './post-cover.ts';

/** A small number from an id, to vary the decoration between neighbours. */
const seedOf = (text: string) => [...text].reduce((sum, ch) => sum + ch.charCodeAt(0), 0);

export function postSpec(post: PostVisualInput, siteName: string): VisualSpec {
  return {
    label: BLOG_CATEGORY_LABELS[post.category],
    title: post.title,
    footer: 'Blog',
    siteName,
    seed: seedOf(post.id),
  };
}

/** A post's cover: its category's art, varied by its slug; no words. */
export function postCoverSpec(post: PostVisualInput): PostCoverSpec {
  return { category: post.category, seed: coverSeed(post.slug) };
}

export function caseStudySpec(study: CaseStudyVisualInput, siteName: string): VisualSpec {
  return {
    label: study.industry,
    title: study.title,
    figures: study.results.slice(0, COVER_MAX_FIGURES),
    footer: `Étude de cas · ${study.clientName}`,
    siteName,
    seed: seedOf(study.id),
  };
}

export function serviceSpec(service: ServiceVisualInput, siteName: string): VisualSpec {
  return {
    label: service.parentTitle ?? 'Nos services',
    title: service.title,
    subtitle: 'Devis personnalisé et gratuit sous 24h',
    footer: 'Services',
    siteName,
    seed: seedOf(service.id),
  };
}

export function pageSpec(key: PageKey, siteName: string): VisualSpec {
  const page = PAGES[key];
  return {
    label: page.label,
    title: page.title,
    subtitle: page.subtitle,
    siteName,
    seed: seedOf(key),
  };
}
