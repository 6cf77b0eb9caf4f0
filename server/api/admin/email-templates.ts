import { type Response, Router } from 'express';
import {
  TemplateCompileSchema,
  TemplateCreateSchema,
  TemplateToBlocksSchema,
  TemplateUpdateSchema,
} from '#common/schemas/campaigns.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  MjmlInvalidError,
  mjmlToBlocks,
  previewTemplate,
  updateTemplate,
} from '../../campaigns/templates-admin.ts';
import { composeTemplateMjml } from '../../email/template-blocks.ts';
import { HttpError, notFound } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { itemRoute, wholeListRoute } from './item-routes.ts';
import { IdParamsSchema } from './params.ts';

const templateNotFound = () => notFound('Modèle d’email introuvable.');

/**
 * The shared error handler knows only `{ code, message, fields }`; a template that does not
 * compile also carries the full list of MJML problems, `error.mjmlErrors`, for the editor.
 */
function sendMjmlInvalid(res: Response, error: MjmlInvalidError) {
  res.status(400).json({
    error: { code: error.code, message: error.message, fields: error.fields, mjmlErrors: error.problems },
  });
}

/**
 * /api/admin/email-templates (decision 019; contract in common/schemas/campaigns.ts). Compiling
 * MJML takes tens of milliseconds, so it happens before the write transaction, never inside it.
 */
export function emailTemplatesAdminRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;

  router.get('/', wholeListRoute(db, 'templates', listTemplates));

  // Before '/:id' routes: 'compile' is not an id.
  router.post('/compile', async (req, res) => {
    const { mjml, blocks, variables } = parseInput(TemplateCompileSchema, req.body ?? {});
    if (!blocks) return void res.json(await previewTemplate(mjml, variables));
    // The blocks' MJML comes with the preview: it is what the switch to the MJML editor opens.
    const composed = composeTemplateMjml(blocks);
    res.json({ ...(await previewTemplate(composed, variables)), mjml: composed });
  });

  // The MJML editor's switch back to the composer (MJML in, blocks or a French reason out).
  router.post('/to-blocks', (req, res) => {
    const { mjml } = parseInput(TemplateToBlocksSchema, req.body ?? {});
    res.json(mjmlToBlocks(mjml));
  });

  router.get(
    '/:id',
    itemRoute('template', templateNotFound, (id) => getTemplate(db, id)),
  );

  router.post('/', async (req, res) => {
    const input = parseInput(TemplateCreateSchema, req.body ?? {});
    try {
      const template = await createTemplate(db, input, adminOf(res).user.id);
      res.status(201).json({ template });
    } catch (error) {
      if (error instanceof MjmlInvalidError) return sendMjmlInvalid(res, error);
      throw error;
    }
  });

  router.put('/:id', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const input = parseInput(TemplateUpdateSchema, req.body ?? {});
    try {
      const template = await updateTemplate(db, id, input, adminOf(res).user.id);
      if (!template) throw templateNotFound();
      res.json({ template });
    } catch (error) {
      if (error instanceof MjmlInvalidError) return sendMjmlInvalid(res, error);
      throw error;
    }
  });

  router.delete('/:id', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const outcome = await deleteTemplate(db, id, adminOf(res).user.id);
    switch (outcome.kind) {
      case 'not_found':
        throw templateNotFound();
      case 'built_in':
        throw new HttpError(
          409,
          'template_built_in',
          'Ce modèle est utilisé par le site lui-même : il peut être modifié, pas supprimé.',
        );
      case 'in_use':
        throw new HttpError(
          409,
          'template_in_use',
          outcome.campaigns > 1
            ? `${outcome.campaigns} campagnes utilisent ce modèle : il ne peut pas être supprimé.`
            : 'Une campagne utilise ce modèle : il ne peut pas être supprimé.',
        );
      case 'deleted':
        res.status(204).end();
    }
  });

  return router;
}
