import { Router } from 'express';
import type { z } from 'zod';
import type { OrderedItems } from '../../admin/ordered-items.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { parseInput } from '../../http/validate.ts';
import { releaseMediaUrl } from '../../media/release.ts';
import { createRoute, itemRoute, moveRoute, wholeListRoute } from './item-routes.ts';

/**
 * The admin routes of content kept in one order (server/admin/ordered-items.ts): GET / (the whole
 * list under `listKey`), POST / and PATCH /:id (the item under `itemKey`), POST /:id/move (the
 * list again) and DELETE /:id. An upload replaced, removed or left by a deleted item is released
 * after the commit, so an upload nothing uses any more is deleted.
 */
export function orderedItemsRouter<I extends z.ZodType, P extends z.ZodType, Item>(
  deps: AppDeps,
  items: OrderedItems<z.output<I>, z.output<P>, Item>,
  keys: { listKey: string; itemKey: string; missing: () => Error; inputSchema: I; patchSchema: P },
): Router {
  const router = Router();
  const { db } = deps.database;
  const { listKey, itemKey, missing } = keys;
  const released = async <T>(result: { item: T; released: string[] } | undefined) => {
    for (const url of result?.released ?? []) await releaseMediaUrl(deps, url);
    return result?.item;
  };

  router.get('/', wholeListRoute(db, listKey, items.list));
  router.post(
    '/',
    createRoute(itemKey, keys.inputSchema, (input, adminId) => items.create(db, input, adminId)),
  );
  router.patch(
    '/:id',
    itemRoute(itemKey, missing, async (id, req, res) => {
      const patch = parseInput(keys.patchSchema, req.body ?? {});
      return released(await items.update(db, id, patch, adminOf(res).user.id));
    }),
  );
  router.post('/:id/move', moveRoute(db, listKey, missing, items.move, items.list));
  router.delete(
    '/:id',
    itemRoute(null, missing, async (id, _req, res) =>
      released(await items.remove(db, id, adminOf(res).user.id)),
    ),
  );
  return router;
}
