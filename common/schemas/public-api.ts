/**
 * Params and query strings of the public read API, shared by the server (which never trusts
 * them) and the pages that build those URLs. Messages are French: they reach people.
 */
import { z } from 'zod';
import { BLOG_CATEGORIES } from '../enums.ts';

export const UuidSchema = z.uuid({ error: 'Identifiant invalide.' });

export const ServiceIdParamsSchema = z.object({ id: UuidSchema });

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SlugSchema = z
  .string()
  .max(200, { error: "Adresse d'article invalide." })
  .regex(SLUG_PATTERN, { error: "Adresse d'article invalide." });
export const BlogSlugParamsSchema = z.object({ slug: SlugSchema });

export const BLOG_PAGE_SIZE = 9;
export const BLOG_MAX_PAGE_SIZE = 50;

export const BlogListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Numéro de page invalide.' })
    .int({ error: 'Numéro de page invalide.' })
    .min(1, { error: 'Numéro de page invalide.' })
    .max(10_000, { error: 'Numéro de page invalide.' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Taille de page invalide.' })
    .int({ error: 'Taille de page invalide.' })
    .min(1, { error: 'Taille de page invalide.' })
    .max(BLOG_MAX_PAGE_SIZE, { error: `Taille de page invalide (${BLOG_MAX_PAGE_SIZE} au plus).` })
    .default(BLOG_PAGE_SIZE),
  category: z.enum(BLOG_CATEGORIES, { error: 'Catégorie inconnue.' }).optional(),
});
export type BlogListQuery = z.infer<typeof BlogListQuerySchema>;
