import type { Router } from 'express';
import { TeamMemberInputSchema, TeamMemberPatchSchema } from '#common/schemas/team-admin.ts';
import { teamItems } from '../../admin/team.ts';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../errors.ts';
import { orderedItemsRouter } from './ordered-routes.ts';

/**
 * /api/admin/team: the team members, hidden ones included (decision 014; contract in
 * common/schemas/team-admin.ts). A photo replaced, removed or left by a deleted member is
 * released after the commit, so an upload nothing uses any more is deleted.
 */
export const teamAdminRouter = (deps: AppDeps): Router =>
  orderedItemsRouter(deps, teamItems, {
    listKey: 'members',
    itemKey: 'member',
    missing: () => notFound('Membre de l’équipe introuvable.'),
    inputSchema: TeamMemberInputSchema,
    patchSchema: TeamMemberPatchSchema,
  });
