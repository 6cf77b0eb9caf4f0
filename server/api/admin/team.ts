import { Router } from 'express';
import { TeamMemberInputSchema, TeamMemberPatchSchema } from '#common/schemas/team-admin.ts';
import {
  createTeamMember,
  deleteTeamMember,
  listAdminTeam,
  moveTeamMember,
  updateTeamMember,
} from '../../admin/team.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { releaseMediaUrl } from '../../media/release.ts';
import { createRoute, itemRoute, moveRoute, wholeListRoute } from './item-routes.ts';

const memberNotFound = () => notFound('Membre de l’équipe introuvable.');

/**
 * /api/admin/team: the team members, hidden ones included (decision 014; contract in
 * common/schemas/team-admin.ts). A photo replaced, removed or left by a deleted member is
 * released after the commit, so an upload nothing uses any more is deleted.
 */
export function teamAdminRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;

  router.get('/', wholeListRoute(db, 'members', listAdminTeam));

  router.post(
    '/',
    createRoute('member', TeamMemberInputSchema, (input, adminId) => createTeamMember(db, input, adminId)),
  );

  router.patch(
    '/:id',
    itemRoute('member', memberNotFound, async (id, req, res) => {
      const patch = parseInput(TeamMemberPatchSchema, req.body ?? {});
      const result = await updateTeamMember(db, id, patch, adminOf(res).user.id);
      if (result?.releasedPhoto) await releaseMediaUrl(deps, result.releasedPhoto);
      return result?.member;
    }),
  );

  router.post('/:id/move', moveRoute(db, 'members', memberNotFound, moveTeamMember, listAdminTeam));

  router.delete(
    '/:id',
    itemRoute(null, memberNotFound, async (id, _req, res) => {
      const member = await deleteTeamMember(db, id, adminOf(res).user.id);
      if (member?.photoUrl) await releaseMediaUrl(deps, member.photoUrl);
      return member;
    }),
  );

  return router;
}
