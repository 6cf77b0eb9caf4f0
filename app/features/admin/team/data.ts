/**
 * The team screen's data. Every write refreshes the team list, the dashboard and the activity log
 * (a row was written), and the public team cached in this tab.
 */
import type { AdminTeamMember, TeamMemberPatch } from '#common/schemas/team-admin.ts';
import { createAdminMutation, createAdminQuery } from '../admin-data';
import { ACTIVITY_KEY, DASHBOARD_KEY } from '../queries';

export const ADMIN_TEAM_KEY = '/api/admin/team';

export const adminTeamQuery = createAdminQuery({
  queryKey: [ADMIN_TEAM_KEY],
  url: ADMIN_TEAM_KEY,
  pick: (body: { members: AdminTeamMember[] }) => body.members,
});

const memberUrl = (id: string) => `${ADMIN_TEAM_KEY}/${encodeURIComponent(id)}`;
const TEAM_WRITE_REFRESHES = [ADMIN_TEAM_KEY, DASHBOARD_KEY, ACTIVITY_KEY, '/api/team'];
const readMember = (body: { member: AdminTeamMember }) => body.member;

/** Creation (no id) or change of a member, from the form; the form shows field errors itself. */
export const saveMemberMutation = createAdminMutation({
  method: ({ id }: { id: string | null; values: TeamMemberPatch }) => (id ? 'PATCH' : 'POST'),
  url: ({ id }) => (id ? memberUrl(id) : ADMIN_TEAM_KEY),
  body: ({ values }) => values,
  read: readMember,
  invalidates: TEAM_WRITE_REFRESHES,
  toast: (member, { id }) => ({
    title: id === null ? 'Membre ajouté' : 'Fiche enregistrée',
    description: member.name,
  }),
});

export const toggleMemberMutation = createAdminMutation({
  method: 'PATCH',
  url: ({ member }: { member: AdminTeamMember; isActive: boolean }) => memberUrl(member.id),
  body: ({ isActive }) => ({ isActive }),
  read: readMember,
  invalidates: TEAM_WRITE_REFRESHES,
  toast: (member) => ({
    title: member.isActive ? 'Membre affiché sur le site' : 'Membre masqué du site',
    description: member.name,
  }),
  errorToast: { fallback: 'La visibilité n’a pas pu être modifiée.' },
});

export const moveMemberMutation = createAdminMutation({
  method: 'POST',
  url: ({ member }: { member: AdminTeamMember; direction: 'up' | 'down' }) => `${memberUrl(member.id)}/move`,
  body: ({ direction }) => ({ direction }),
  invalidates: TEAM_WRITE_REFRESHES,
  toast: ({ member }) => ({ title: 'Ordre modifié', description: member.name }),
  errorToast: { fallback: 'Le membre n’a pas pu être déplacé.' },
});

export const deleteMemberMutation = createAdminMutation({
  method: 'DELETE',
  url: (member: AdminTeamMember) => memberUrl(member.id),
  invalidates: TEAM_WRITE_REFRESHES,
  // Refreshed on failure too: a member already gone must leave the list.
  refreshOn: 'settled',
  toast: (member) => ({ title: "Membre retiré de l'équipe", description: member.name }),
  errorToast: { fallback: 'Le membre n’a pas pu être supprimé.' },
});
