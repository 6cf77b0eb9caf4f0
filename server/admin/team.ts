/**
 * The team for the back-office (decision 014): every member (hidden ones too) in the public order,
 * creation, changes, moves and deletion, each with its activity row in its transaction
 * (server/admin/ordered-items.ts). Photos are uploads (common/schemas/media.ts): the caller
 * releases a replaced or removed photo once the transaction has committed (server/media/release.ts).
 */
import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminTeamMember, TeamMemberInputSchema, TeamMemberPatch } from '#common/schemas/team-admin.ts';
import { type TeamMember, teamMembers } from '#db/schema.ts';
import { orderedItems, presentFields } from './ordered-items.ts';

/** What the back-office reads of a row, but its dates (presentFields). */
const TEAM_MEMBER_FIELDS = [
  'id',
  'name',
  'position',
  'bio',
  'skills',
  'photoUrl',
  'photoFocusX',
  'photoFocusY',
  'linkedinUrl',
  'twitterUrl',
  'order',
  'isActive',
] as const;

export const teamItems = orderedItems<
  TeamMember,
  z.output<typeof TeamMemberInputSchema>,
  TeamMemberPatch,
  AdminTeamMember
>({
  table: teamMembers,
  // The public site's order (server/content/public-content.ts), the id breaking ties.
  orderBy: [asc(teamMembers.order), asc(teamMembers.name), asc(teamMembers.id)],
  lockKey: 727_100_011,
  present: (row) => presentFields(row, TEAM_MEMBER_FIELDS),
  values: (input) => ({
    name: input.name,
    position: input.position,
    bio: input.bio ?? '',
    skills: input.skills ?? [],
    photoUrl: input.photoUrl ?? null,
    photoFocusX: input.photoFocusX ?? 50,
    photoFocusY: input.photoFocusY ?? 50,
    linkedinUrl: input.linkedinUrl ?? null,
    twitterUrl: input.twitterUrl ?? null,
  }),
  labels: {
    name: 'nom',
    position: 'poste',
    bio: 'biographie',
    skills: 'compétences',
    photoUrl: 'photo',
    // A photo's focal point, across and down, is said once.
    photoFocusX: 'cadrage de la photo',
    photoFocusY: 'cadrage de la photo',
    linkedinUrl: 'LinkedIn',
    twitterUrl: 'Twitter',
    order: 'ordre',
    isActive: 'visibilité',
  },
  uploads: ['photoUrl'],
  activity: {
    prefix: 'team',
    created: (row) => ({
      title: `${row.name} ajouté(e) à l’équipe`,
      description: `${row.position}${row.isActive ? '' : ', masqué(e) du site'}`,
    }),
    shownOrHidden: (row) =>
      row.isActive ? `${row.name} affiché(e) sur le site` : `${row.name} masqué(e) du site`,
    updated: (row, current, changedLabels) => ({
      title: `Fiche de ${row.name} modifiée`,
      description:
        current.name === row.name ? changedLabels : `${changedLabels} ; ancien nom « ${current.name} »`,
    }),
    moved: (row, direction) => `${row.name} déplacé(e) vers le ${direction} de l’équipe`,
    deleted: (row) => ({ title: `${row.name} retiré(e) de l’équipe`, description: row.position }),
  },
});
