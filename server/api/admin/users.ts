import { Router } from 'express';
import { CurrentPasswordSchema } from '#common/schemas/second-factor.ts';
import { AdminUserCreateSchema, AdminUserUpdateSchema } from '#common/schemas/users-admin.ts';
import {
  createUser,
  listUsers,
  resetSecondFactor,
  resetUserPassword,
  updateUser,
} from '../../admin/users.ts';
import type { AppDeps } from '../../app-deps.ts';
import { confirmCurrentPassword } from '../../auth/attempts.ts';
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

  // An administrator resets a colleague's second factor, after typing their own password again.
  router.post('/:id/second-factor/reset', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const { currentPassword } = parseInput(CurrentPasswordSchema, req.body ?? {});
    const { user } = adminOf(res);
    const now = new Date();
    await confirmCurrentPassword(db, req, user, currentPassword, now);
    const account = await resetSecondFactor(
      db,
      { events: deps.events, outbox: deps.email.outbox, publicUrl: deps.env.PUBLIC_URL },
      { id, admin: user, now },
    );
    deps.email.worker.wake();
    res.json({ user: account });
  });

  return router;
}
