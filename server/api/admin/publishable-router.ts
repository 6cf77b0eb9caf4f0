import { Router } from 'express';
import type { z } from 'zod';
import type { Database } from '#db/client.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { parseInput } from '../../http/validate.ts';
import { releaseMediaUrl } from '../../media/release.ts';
import { createRoute, itemRoute, listRoute, sentFields } from './item-routes.ts';

/** One kind of publishable content (blog posts, case studies): its schemas and its server/admin functions. */
export type PublishableKind<Item, Query, Input> = {
  /** The key of one item in the answers: 'post', 'caseStudy'. */
  key: string;
  missing: () => Error;
  schemas: { list: z.ZodType<Query>; input: z.ZodType<Input>; patch: z.ZodType<Partial<Input>> };
  list: (db: Database, query: Query) => Promise<unknown>;
  create: (db: Database, input: Input, adminId: string) => Promise<Item>;
  find: (db: Database, id: string) => Promise<Item | undefined>;
  /**
   * Changes the item: `whole` on a PUT (every field), else the fields a PATCH sent. Gives it back
   * with the images the change replaced or removed, released once committed.
   */
  update: (
    db: Database,
    id: string,
    input: Partial<Input>,
    adminId: string,
    whole: boolean,
  ) => Promise<{ item: Item; released: string[] } | undefined>;
  publish: (db: Database, id: string, adminId: string, publicUrl: string) => Promise<Item | undefined>;
  unpublish: (db: Database, id: string, adminId: string) => Promise<Item | undefined>;
  /** Deletes it; gives back its images, released once committed. */
  remove: (db: Database, id: string, adminId: string) => Promise<{ released: string[] } | undefined>;
};

/**
 * The back-office routes of a kind of publishable content (decision 015): GET / (a page of the
 * list), POST / (a draft), and on /:id GET, PUT, PATCH, DELETE, POST publish and unpublish. An image
 * an edit or a deletion leaves unused is released after the commit.
 */
export function publishableAdminRouter<Item, Query, Input>(
  deps: AppDeps,
  kind: PublishableKind<Item, Query, Input>,
): Router {
  const router = Router();
  const { db } = deps.database;
  const { key, missing, schemas } = kind;

  router.get('/', listRoute(db, schemas.list, kind.list));
  router.post(
    '/',
    createRoute(key, schemas.input, (input, adminId) => kind.create(db, input, adminId)),
  );
  router.get(
    '/:id',
    itemRoute(key, missing, (id) => kind.find(db, id)),
  );

  for (const method of ['put', 'patch'] as const) {
    router[method](
      '/:id',
      itemRoute(key, missing, async (id, req, res) => {
        const whole = method === 'put';
        const input = whole
          ? parseInput(schemas.input, req.body ?? {})
          : sentFields(parseInput(schemas.patch, req.body ?? {}), req.body);
        const result = await kind.update(db, id, input, adminOf(res).user.id, whole);
        for (const url of result?.released ?? []) await releaseMediaUrl(deps, url);
        return result?.item;
      }),
    );
  }

  router.post(
    '/:id/publish',
    itemRoute(key, missing, (id, _req, res) =>
      kind.publish(db, id, adminOf(res).user.id, deps.env.PUBLIC_URL),
    ),
  );
  router.post(
    '/:id/unpublish',
    itemRoute(key, missing, (id, _req, res) => kind.unpublish(db, id, adminOf(res).user.id)),
  );
  router.delete(
    '/:id',
    itemRoute(null, missing, async (id, _req, res) => {
      const deleted = await kind.remove(db, id, adminOf(res).user.id);
      for (const url of deleted?.released ?? []) await releaseMediaUrl(deps, url);
      return deleted;
    }),
  );

  return router;
}
