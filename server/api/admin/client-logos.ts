import { Router } from 'express';
import { ClientLogoInputSchema, ClientLogoPatchSchema } from '#common/schemas/client-logos-admin.ts';
import {
  createClientLogo,
  deleteClientLogo,
  listAdminClientLogos,
  moveClientLogo,
  updateClientLogo,
} from '../../admin/client-logos.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { releaseMediaUrl } from '../../media/release.ts';
import { createRoute, itemRoute, moveRoute, wholeListRoute } from './item-routes.ts';

const logoNotFound = () => notFound('Logo introuvable.');

/**
 * /api/admin/client-logos (contract in common/schemas/client-logos-admin.ts). A logo image
 * replaced, removed or left by a deleted logo is released after the commit.
 */
export function clientLogosAdminRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;
  const release = async (urls: (string | null)[]) => {
    for (const url of urls) if (url) await releaseMediaUrl(deps, url);
  };

  router.get('/', wholeListRoute(db, 'clientLogos', listAdminClientLogos));

  router.post(
    '/',
    createRoute('clientLogo', ClientLogoInputSchema, (input, adminId) =>
      createClientLogo(db, input, adminId),
    ),
  );

  router.patch(
    '/:id',
    itemRoute('clientLogo', logoNotFound, async (id, req, res) => {
      const patch = parseInput(ClientLogoPatchSchema, req.body ?? {});
      const result = await updateClientLogo(db, id, patch, adminOf(res).user.id);
      if (result) await release(result.released);
      return result?.clientLogo;
    }),
  );

  router.post('/:id/move', moveRoute(db, 'clientLogos', logoNotFound, moveClientLogo, listAdminClientLogos));

  router.delete(
    '/:id',
    itemRoute(null, logoNotFound, async (id, _req, res) => {
      const logo = await deleteClientLogo(db, id, adminOf(res).user.id);
      if (logo) await release([logo.logoUrl]);
      return logo;
    }),
  );

  return router;
}
