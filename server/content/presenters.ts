/**
 * What the public may see of each row: one function per resource, so the API and the pages never
 * leak a column by accident (Outline's presenters habit). Prose typed in the back-office gets
 * French typography here (`fr`: no-break spaces before ! ? : ; and inside « »); names and titles
 * used as identifiers elsewhere (service titles are the quote form's values) are left as typed.
 */
import type {
  PublicClientLogo,
  PublicService,
  PublicTeamMember,
  PublicTestimonial,
} from '#common/api-types.ts';
import { frenchTypography as fr } from '#common/typography.ts';
import { caseStudyCover, postCover, postShareImage } from '#common/visuals.ts';
import type {
  BlogPost,
  CaseStudy,
  CaseStudyImage,
  ClientLogo,
  CompanyStat,
  Service,
  TeamMember,
  Testimonial,
} from '#db/schema.ts';

export type { PublicService, PublicTeamMember };

export const presentService = (s: Service): PublicService => ({
  id: s.id,
  title: s.title,
  description: fr(s.description),
  icon: s.icon,
  parentServiceId: s.parentServiceId,
  order: s.order,
  isActive: s.isActive,
});

export const presentTeamMember = (m: TeamMember): PublicTeamMember => ({
  id: m.id,
  name: m.name,
  position: fr(m.position),
  bio: fr(m.bio),
  skills: m.skills,
  photoUrl: m.photoUrl,
  photoFocusX: m.photoFocusX,
  photoFocusY: m.photoFocusY,
  linkedinUrl: m.linkedinUrl,
  twitterUrl: m.twitterUrl,
  order: m.order,
  isActive: m.isActive,
});

/**
 * A testimonial with the title of its case study when that one is published (null otherwise),
 * and of its services only those in `visibleServices`.
 */
export const presentTestimonial = (
  t: Testimonial,
  caseStudyTitle: string | null,
  visibleServices: ReadonlySet<string>,
): PublicTestimonial => ({
  id: t.id,
  quote: fr(t.quote),
  authorName: t.authorName,
  authorRole: fr(t.authorRole),
  company: t.company,
  photoUrl: t.photoUrl,
  logoUrl: t.logoUrl,
  caseStudy: t.caseStudyId && caseStudyTitle ? { id: t.caseStudyId, title: fr(caseStudyTitle) } : null,
  serviceIds: t.serviceIds.filter((id) => visibleServices.has(id)),
});

export const presentClientLogo = (c: ClientLogo): PublicClientLogo => ({
  id: c.id,
  name: c.name,
  logoUrl: c.logoUrl,
  websiteUrl: c.websiteUrl,
});

export const presentStat = (s: CompanyStat) => ({
  id: s.id,
  name: s.name,
  value: s.value,
  unit: s.unit,
  description: fr(s.description),
  order: s.order,
});
export type PublicStat = ReturnType<typeof presentStat>;

export const presentPostSummary = (p: Omit<BlogPost, 'content'>) => ({
  id: p.id,
  title: fr(p.title),
  slug: p.slug,
  excerpt: fr(p.excerpt),
  /** What search engines and shared links show (decision 071): the admin's, else the excerpt. */
  description: fr(p.metaDescription || p.excerpt),
  category: p.category,
  coverImage: p.coverImage,
  /** The admin's upload when there is one, else the generated cover (docs/decisions/023). */
  cover: postCover(p),
  /** og:image, 1200x630: the upload cropped, or the generated visual. */
  shareImage: postShareImage(p),
  publishedAt: (p.publishedAt ?? p.createdAt).toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  views: p.views,
});
export type PublicPostSummary = ReturnType<typeof presentPostSummary>;

export const presentPost = (p: BlogPost) => ({ ...presentPostSummary(p), content: p.content });
export type PublicPost = ReturnType<typeof presentPost>;

const presentImage = (image: CaseStudyImage) => ({ url: image.url, alt: fr(image.alt) });

export const presentCaseStudy = (c: CaseStudy) => ({
  id: c.id,
  title: fr(c.title),
  clientName: c.clientName,
  industry: c.industry,
  description: fr(c.description),
  results: c.results.map((result) => ({ ...result, label: fr(result.label) })),
  imageUrl: c.imageUrl,
  gallery: c.gallery.map(presentImage),
  beforeAfter: c.beforeAfter
    ? { before: presentImage(c.beforeAfter.before), after: presentImage(c.beforeAfter.after) }
    : null,
  /** The admin's upload when there is one, else the generated cover with key figures. */
  cover: caseStudyCover(c),
  createdAt: c.createdAt.toISOString(),
});
export type PublicCaseStudy = ReturnType<typeof presentCaseStudy>;
