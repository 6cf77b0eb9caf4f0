/**
 * The back-office's client logos API (docs/decisions/087-client-logos.md), shared by the server
 * and the logo form.
 *
 * Routes (behind the admin guard):
 * - GET    /api/admin/client-logos            -> { clientLogos: AdminClientLogo[] } (hidden ones too, by order)
 * - POST   /api/admin/client-logos            ClientLogoInput -> 201 { clientLogo: AdminClientLogo }
 * - PATCH  /api/admin/client-logos/:id        ClientLogoPatch -> { clientLogo: AdminClientLogo }
 * - POST   /api/admin/client-logos/:id/move   { direction: 'up' | 'down' } -> { clientLogos: AdminClientLogo[] }
 * - DELETE /api/admin/client-logos/:id        -> 204 (the logo image is released)
 */
import { z } from 'zod';
import type { PublicClientLogo } from '../api-types.ts';
import { isHttpsUrl, optionalLink, orderedItemFields } from './admin-content-fields.ts';
import { requiredLine } from './fields.ts';
import { isImageUrl } from './team-admin.ts';

export const CLIENT_NAME_MAX = 60;

/** A client logo in the back-office: the public fields and its state. */
export type AdminClientLogo = PublicClientLogo & {
  isActive: boolean;
  isDemo: boolean;
  order: number;
  createdAt: string;
  updatedAt: string;
};

export const ClientLogoInputSchema = z.object({
  name: requiredLine('Le nom du client doit contenir au moins 2 caractères', 2, CLIENT_NAME_MAX),
  logoUrl: optionalLink(isImageUrl, 'Logo invalide : téléversez une image').optional(),
  websiteUrl: optionalLink(
    isHttpsUrl,
    'Le site du client doit être une adresse https:// (par exemple https://exemple.cd)',
  ).optional(),
  ...orderedItemFields,
});
export type ClientLogoInput = z.input<typeof ClientLogoInputSchema>;

/** A change to some fields only (the list's switch sends `{ isActive }`). */
export const ClientLogoPatchSchema = ClientLogoInputSchema.partial();
export type ClientLogoPatch = z.output<typeof ClientLogoPatchSchema>;
