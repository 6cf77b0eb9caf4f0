import { Router } from 'express';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { HttpError, notFound } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { deleteMediaIfUnused, listMedia, storeUpload } from '../../media/library.ts';
import { readUploadedImage } from '../../media/multipart.ts';
import { wholeListRoute } from './item-routes.ts';
import { IdParamsSchema } from './params.ts';

/**
 * /api/admin/media: image uploads (docs/decisions/013-media.md). POST takes one image
 * (multipart field `file`) and answers 201 { media }; GET lists the latest uploads for picking
 * one again; DELETE removes an upload nothing shows any more.
 */
export function mediaAdminRouter(deps: AppDeps): Router {
  const router = Router();

  router.get('/', wholeListRoute(deps.database.db, 'items', listMedia));

  router.post('/', async (req, res) => {
    const file = await readUploadedImage(req, res);
    const media = await storeUpload(deps, { ...file, uploadedBy: adminOf(res).user.id });
    req.log.info({ mediaId: media.id, bytes: file.bytes.length }, 'image uploaded');
    res.status(201).json({ media });
  });

  router.delete('/:id', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const outcome = await deleteMediaIfUnused(deps, id, { adminId: adminOf(res).user.id });
    if (outcome.kind === 'not_found') throw notFound('Image introuvable.');
    if (outcome.kind === 'in_use') {
      throw new HttpError(
        409,
        'media_in_use',
        `Cette image est encore utilisée par ${outcome.references.join(', ')} : retirez-la d’abord.`,
      );
    }
    res.status(204).end();
  });

  return router;
}
