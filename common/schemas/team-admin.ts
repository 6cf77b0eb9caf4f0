/**
 * The back-office's team API (decision 014), shared by the server and the team-member form.
 *
 * Routes (behind the admin guard):
 * - GET    /api/admin/team               -> { members: AdminTeamMember[] } (inactive too, by order)
 * - POST   /api/admin/team               TeamMemberInput -> 201 { member: AdminTeamMember }
 * - PATCH  /api/admin/team/:id           TeamMemberPatch -> { member: AdminTeamMember }
 * - POST   /api/admin/team/:id/move      { direction: 'up' | 'down' } -> { members: AdminTeamMember[] }
 * - DELETE /api/admin/team/:id           -> 204 (the photo is released)
 */
import { z } from 'zod';
import type { PublicTeamMember } from '../api-types.ts';
import { isHttpsUrl, isHttpsUrlOn, optionalLink, orderedItemFields } from './admin-content-fields.ts';
import { requiredLine, SINGLE_LINE, singleLine, tooLong } from './fields.ts';
import { MEDIA_URL_PREFIX } from './media.ts';

export const TEAM_NAME_MAX = 100;
export const TEAM_POSITION_MAX = 100;
export const TEAM_BIO_MAX = 1_000;
export const TEAM_SKILL_MAX = 50;
export const TEAM_SKILLS_MAX = 20;

/** A team member as the public sees them (common/api-types.ts), with their dates. */
export type AdminTeamMember = PublicTeamMember & { createdAt: string; updatedAt: string };

/**
 * docs/product.md §5.4: skills may be a list or a comma-separated string, split and trimmed. Empty entries
 * are dropped and a skill typed twice (whatever the case) is kept once, in its first spelling.
 */
export function splitSkills(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(',') : value.flatMap((skill) => skill.split(','));
  const seen = new Set<string>();
  const skills: string[] = [];
  for (const part of parts) {
    const skill = part.trim().replace(/\s+/g, ' ');
    const key = skill.toLocaleLowerCase('fr');
    if (skill && !seen.has(key)) {
      seen.add(key);
      skills.push(skill);
    }
  }
  return skills;
}

export const SkillsSchema = z
  .union([z.string(), z.array(z.string())], {
    error: 'Les compétences sont une liste ou un texte séparé par des virgules',
  })
  .transform(splitSkills)
  .pipe(
    z
      .array(
        z
          .string()
          .max(TEAM_SKILL_MAX, { error: `Une compétence fait au plus ${TEAM_SKILL_MAX} caractères` })
          .regex(SINGLE_LINE, singleLine),
      )
      .max(TEAM_SKILLS_MAX, { error: `${TEAM_SKILLS_MAX} compétences au plus` }),
  );

/** An upload of ours (common/schemas/media.ts) or an image already hosted over https. */
export function isImageUrl(value: string): boolean {
  if (value.startsWith(MEDIA_URL_PREFIX)) {
    return /^\/media\/[A-Za-z0-9._-]+$/.test(value) && !value.includes('..');
  }
  return isHttpsUrl(value);
}

export const LINKEDIN_DOMAINS = ['linkedin.com'] as const;
export const TWITTER_DOMAINS = ['twitter.com', 'x.com'] as const;

/** A focal point's coordinate: a whole percentage of the photo's width or height. */
const photoFocus = z
  .number({ error: 'Cadrage invalide' })
  .int({ error: 'Cadrage invalide' })
  .min(0, { error: 'Cadrage invalide : entre 0 et 100' })
  .max(100, { error: 'Cadrage invalide : entre 0 et 100' });

export const TeamMemberInputSchema = z.object({
  name: requiredLine('Le nom doit contenir au moins 2 caractères', 2, TEAM_NAME_MAX),
  position: requiredLine('Le poste doit contenir au moins 2 caractères', 2, TEAM_POSITION_MAX),
  bio: z.string({ error: 'Biographie invalide' }).trim().max(TEAM_BIO_MAX, tooLong(TEAM_BIO_MAX)).optional(),
  skills: SkillsSchema.optional(),
  photoUrl: optionalLink(isImageUrl, 'Photo invalide : téléversez une image').optional(),
  photoFocusX: photoFocus.optional(),
  photoFocusY: photoFocus.optional(),
  linkedinUrl: optionalLink(
    (value) => isHttpsUrlOn(value, LINKEDIN_DOMAINS),
    'Le lien LinkedIn doit être une adresse https:// de linkedin.com',
  ).optional(),
  twitterUrl: optionalLink(
    (value) => isHttpsUrlOn(value, TWITTER_DOMAINS),
    'Le lien Twitter doit être une adresse https:// de x.com ou twitter.com',
  ).optional(),
  ...orderedItemFields,
});
export type TeamMemberInput = z.input<typeof TeamMemberInputSchema>;

/** A change to some fields only (the list's visibility switch sends `{ isActive }`). */
export const TeamMemberPatchSchema = TeamMemberInputSchema.partial();
export type TeamMemberPatch = z.output<typeof TeamMemberPatchSchema>;
