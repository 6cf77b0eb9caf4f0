/**
 * The team's admin data and writes. Every write refreshes the team list, the dashboard and the
 * activity log (a row was written), and the public team cached in this tab.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTeamMember, TeamMemberPatch } from '#common/schemas/team-admin.ts';
import { apiRequest, toastError } from '~/lib/api';
import { toast } from '~/lib/toast';
import { DASHBOARD_KEY, invalidate } from '../queries';

export const ADMIN_TEAM_KEY = '/api/admin/team';

export const adminTeamQuery = {
  queryKey: [ADMIN_TEAM_KEY] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }) => {
    const response = await apiRequest('GET', ADMIN_TEAM_KEY, undefined, { signal });
    return ((await response.json()) as { members: AdminTeamMember[] }).members;
  },
};

const memberUrl = (id: string) => `${ADMIN_TEAM_KEY}/${encodeURIComponent(id)}`;

function useRefresh() {
  const client = useQueryClient();
  return () => invalidate(client, ADMIN_TEAM_KEY, DASHBOARD_KEY, '/api/admin/activity', '/api/team');
}

const failed = (fallback: string) => (error: unknown) => toastError(error, { fallback });

/** Creation (no id) or change of a member, from the form; the form shows field errors itself. */
export function useSaveMember() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, values }: { id: string | null; values: TeamMemberPatch }) => {
      const response = id
        ? await apiRequest('PATCH', memberUrl(id), values)
        : await apiRequest('POST', ADMIN_TEAM_KEY, values);
      return {
        created: id === null,
        member: ((await response.json()) as { member: AdminTeamMember }).member,
      };
    },
    retry: false,
    onSuccess: ({ created, member }) => {
      refresh();
      toast({ title: created ? 'Membre ajouté' : 'Fiche enregistrée', description: member.name });
    },
  });
}

export function useToggleMember() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ member, isActive }: { member: AdminTeamMember; isActive: boolean }) => {
      const response = await apiRequest('PATCH', memberUrl(member.id), { isActive });
      return ((await response.json()) as { member: AdminTeamMember }).member;
    },
    retry: false,
    onSuccess: (member) => {
      refresh();
      toast({
        title: member.isActive ? 'Membre affiché sur le site' : 'Membre masqué du site',
        description: member.name,
      });
    },
    onError: failed('La visibilité n’a pas pu être modifiée.'),
  });
}

export function useMoveMember() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ member, direction }: { member: AdminTeamMember; direction: 'up' | 'down' }) => {
      await apiRequest('POST', `${memberUrl(member.id)}/move`, { direction });
      return member;
    },
    retry: false,
    onSuccess: (member) => {
      refresh();
      toast({ title: 'Ordre modifié', description: member.name });
    },
    onError: failed('Le membre n’a pas pu être déplacé.'),
  });
}

export function useDeleteMember() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (member: AdminTeamMember) => {
      await apiRequest('DELETE', memberUrl(member.id));
      return member;
    },
    retry: false,
    onSuccess: (member) => {
      refresh();
      toast({ title: "Membre retiré de l'équipe", description: member.name });
    },
    onError: (error) => {
      refresh();
      failed('Le membre n’a pas pu être supprimé.')(error);
    },
  });
}
