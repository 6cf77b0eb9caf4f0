import { Router } from 'express';
import { MoveSchema } from '#common/schemas/admin-content-fields.ts';
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
import { IdParamsSchema } from './params.ts';

const memberNotFound = () => notFound("Membre de l'équipe introuvable.");

/**
 * /api/admin/team: the team members, hidden ones included (decision 014; contract in
 * common/schemas/team-admin.ts). A photo replaced, removed or left by a deleted member is
 * released after the commit, so an upload nothing uses any more is deleted.
 */
export function teamAdminRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;

  router.get('/', async (_req, res) => {
    res.json({ members: await listAdminTeam(db) });
  });

  router.post('/', async (req, res) => {
    const input = parseInput(TeamMemberInputSchema, req.body ?? {});
    const member = await createTeamMember(db, input, adminOf(res).user.id);
    res.status(201).json({ member });
  });

  router.patch('/:id', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const patch = parseInput(TeamMemberPatchSchema, req.body ?? {});
    const result = await updateTeamMember(db, id, patch, adminOf(res).user.id);
    if (!result) throw memberNotFound();
    if (result.releasedPhoto) await releaseMediaUrl(deps, result.releasedPhoto);
    res.json({ member: result.member });
  });

  router.post('/:id/move', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const { direction } = parseInput(MoveSchema, req.body ?? {});
    if (!(await moveTeamMember(db, id, direction, adminOf(res).user.id))) throw memberNotFound();
    res.json({ members: await listAdminTeam(db) });
  });

  router.delete('/:id', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const member = await deleteTeamMember(db, id, adminOf(res).user.id);
    if (!member) throw memberNotFound();
    if (member.photoUrl) await releaseMediaUrl(deps, member.photoUrl);
    res.status(204).end();
  });

  return router;
}
