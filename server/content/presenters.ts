/**
 * What the public may see of each row: one function per resource, so the API and the pages never
 * leak a column by accident (Outline's presenters habit).
 */
import { caseStudyCover, postCover, postShareImage } from '../../common/visuals.ts';
import type { BlogPost, CaseStudy, CompanyStat, Service, TeamMember } from '../../db/schema.ts';

export const presentService = (s: Service) => ({
  id: s.id,
  title: s.title,
  description: s.description,
  icon: s.icon,
  parentServiceId: s.parentServiceId,
  order: s.order,
  isActive: s.isActive,
});
export type PublicService = ReturnType<typeof presentService>;

export const presentTeamMember = (m: TeamMember) => ({
  id: m.id,
  name: m.name,
  position: m.position,
  bio: m.bio,
  skills: m.skills,
  photoUrl: m.photoUrl,
  linkedinUrl: m.linkedinUrl,
  twitterUrl: m.twitterUrl,
  order: m.order,
  isActive: m.isActive,
});
export type PublicTeamMember = ReturnType<typeof presentTeamMember>;

export const presentStat = (s: CompanyStat) => ({
  id: s.id,
  name: s.name,
  value: s.value,
  unit: s.unit,
  description: s.description,
  order: s.order,
});
export type PublicStat = ReturnType<typeof presentStat>;

export const presentPostSummary = (p: BlogPost) => ({
  id: p.id,
  title: p.title,
  slug: p.slug,
  excerpt: p.excerpt,
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

export const presentCaseStudy = (c: CaseStudy) => ({
  id: c.id,
  title: c.title,
  clientName: c.clientName,
  industry: c.industry,
  description: c.description,
  results: c.results,
  imageUrl: c.imageUrl,
  /** The admin's upload when there is one, else the generated cover with key figures. */
  cover: caseStudyCover(c),
  createdAt: c.createdAt.toISOString(),
});
export type PublicCaseStudy = ReturnType<typeof presentCaseStudy>;
