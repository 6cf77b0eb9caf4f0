/**
 * The team screen's data. Every write refreshes the team list, the dashboard and the activity log
 * (a row was written), and the public team cached in this tab.
 */
import type { AdminTeamMember, TeamMemberPatch } from '#common/schemas/team-admin.ts';
import { createAdminQuery } from '../data/admin-data';
import { orderedContentMutations } from '../data/ordered-data';
import { ACTIVITY_KEY, DASHBOARD_KEY } from '../data/queries';

export const ADMIN_TEAM_KEY = '/api/admin/team';

export const adminTeamQuery = createAdminQuery({
  queryKey: [ADMIN_TEAM_KEY],
  url: ADMIN_TEAM_KEY,
  pick: (body: { members: AdminTeamMember[] }) => body.members,
});

const TEAM_WRITE_REFRESHES = [ADMIN_TEAM_KEY, DASHBOARD_KEY, ACTIVITY_KEY, '/api/team'];

export const {
  save: saveMemberMutation,
  toggle: toggleMemberMutation,
  move: moveMemberMutation,
  remove: deleteMemberMutation,
} = orderedContentMutations<AdminTeamMember, TeamMemberPatch>({
  path: ADMIN_TEAM_KEY,
  refreshes: TEAM_WRITE_REFRESHES,
  read: (body: { member: AdminTeamMember }) => body.member,
  texts: {
    created: 'Membre ajouté',
    saved: 'Fiche enregistrée',
    shown: 'Membre affiché sur le site',
    hidden: 'Membre masqué du site',
    toggleFailed: 'La visibilité n’a pas pu être modifiée.',
    moveFailed: 'Le membre n’a pas pu être déplacé.',
    deleted: 'Membre retiré de l’équipe',
    deleteFailed: 'Le membre n’a pas pu être supprimé.',
    name: (member) => member.name,
  },
});
