import { Router } from 'express';
import { AdminUserCreateSchema, AdminUserUpdateSchema } from '#common/schemas/users-admin.ts';
import { createUser, listUsers, resetUserPassword, updateUser } from '../../admin/users.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { parseInput } from '../../http/validate.ts';
import { IdParamsSchema } from './params.ts';

/**
 * /api/admin/users: the admin accounts (contract: common/schemas/users-admin.ts). A generated
 * password travels once, in the answer that creates or resets it; it is never stored in clear.
 */
export function usersAdminRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;

  router.get('/', async (_req, res) => {
    res.json({ users: await listUsers(db, new Date()) });
  });

  router.post('/', async (req, res) => {
    const input = parseInput(AdminUserCreateSchema, req.body ?? {});
    res.status(201).json(await createUser(db, input, adminOf(res).user.id));
  });

  router.patch('/:id', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const changes = parseInput(AdminUserUpdateSchema, req.body ?? {});
    const user = await updateUser(db, deps.events, {
      id,
      changes,
      adminId: adminOf(res).user.id,
      now: new Date(),
    });
    res.json({ user });
  });

  router.post('/:id/password', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    res.json(
      await resetUserPassword(db, deps.events, { id, adminId: adminOf(res).user.id, now: new Date() }),
    );
  });

  return router;
}
