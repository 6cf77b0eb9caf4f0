/**
 * The back-office's services API (decision 014), shared by the server (which never trusts the
 * client) and the service form (react-hook-form + zodResolver).
 *
 * Routes (behind the admin guard; GET / is answered by server/api/admin/dashboard.ts):
 * - GET    /api/admin/services                -> { services: AdminService[] } (tree order, inactive too)
 * - POST   /api/admin/services                ServiceInput -> 201 { service: AdminService }
 * - PATCH  /api/admin/services/:id            ServicePatch -> { service: AdminService }
 * - POST   /api/admin/services/:id/move       { direction: 'up' | 'down' } -> { services: AdminService[] }
 * - DELETE /api/admin/services/:id?children=promote|delete -> 204; 409 when it has children
 *   and no choice was given (promote: they become top-level services; delete: they go with it).
 */
import { z } from 'zod';
import { orderedItemFields } from './admin-content-fields.ts';
import { requiredLine, requiredText, tooLong } from './fields.ts';

export const SERVICE_TITLE_MAX = 120;
export const SERVICE_DESCRIPTION_MAX = 2_000;
export const SERVICE_ICON_MAX = 50;

const title = requiredLine('Le titre doit contenir au moins 2 caractères', 2, SERVICE_TITLE_MAX);

const description = requiredText(10, SERVICE_DESCRIPTION_MAX, {
  missing: 'La description doit contenir au moins 10 caractères',
});

/**
 * A known icon name (app/lib/service-icon.ts) or any word: an unknown name, or an empty one, lets
 * the public site choose the icon from the keywords of the name and of the title (docs/product.md §3.3).
 */
const icon = z
  .string({ error: 'Nom d’icône invalide' })
  .trim()
  .toLowerCase()
  .max(SERVICE_ICON_MAX, tooLong(SERVICE_ICON_MAX))
  .regex(/^[a-z0-9-]*$/, {
    error: 'Le nom d’icône ne contient que des lettres sans accents, des chiffres et des tirets',
  });

/** docs/product.md §5.4: the parent service id is nullable (null: a top-level service). */
const parentServiceId = z.uuid({ error: 'Service parent invalide' }).nullable();

export const ServiceInputSchema = z.object({
  title,
  description,
  icon: icon.optional(),
  parentServiceId: parentServiceId.optional(),
  ...orderedItemFields,
});
export type ServiceInput = z.input<typeof ServiceInputSchema>;

/** A change to some fields only (the list's visibility switch sends `{ isActive }`). */
export const ServicePatchSchema = ServiceInputSchema.partial();
export type ServicePatch = z.output<typeof ServicePatchSchema>;

/** What becomes of a deleted service's children. */
export const SERVICE_CHILDREN_CHOICES = ['promote', 'delete'] as const;
export type ServiceChildrenChoice = (typeof SERVICE_CHILDREN_CHOICES)[number];

export const ServiceDeleteQuerySchema = z.object({
  children: z
    .enum(SERVICE_CHILDREN_CHOICES, { error: 'Choix invalide pour les sous-services : promote ou delete.' })
    .optional(),
});
