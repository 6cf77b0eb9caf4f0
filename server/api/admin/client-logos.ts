import type { Router } from 'express';
import { ClientLogoInputSchema, ClientLogoPatchSchema } from '#common/schemas/client-logos-admin.ts';
import { clientLogoItems } from '../../admin/client-logos.ts';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../errors.ts';
import { orderedItemsRouter } from './ordered-routes.ts';

/**
 * /api/admin/client-logos (contract in common/schemas/client-logos-admin.ts). A logo image
 * replaced, removed or left by a deleted logo is released after the commit.
 */
export const clientLogosAdminRouter = (deps: AppDeps): Router =>
  orderedItemsRouter(deps, clientLogoItems, {
    listKey: 'clientLogos',
    itemKey: 'clientLogo',
    missing: () => notFound('Logo introuvable.'),
    inputSchema: ClientLogoInputSchema,
    patchSchema: ClientLogoPatchSchema,
  });
