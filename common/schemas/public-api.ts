/**
 * Params and query strings of the public read API, shared by the server (which never trusts
 * them) and the pages that build those URLs. Messages are French: they reach people.
 */
import { z } from 'zod';
import { BLOG_CATEGORIES } from '../enums.ts';
import { pageNumber } from './fields.ts';

export const UuidSchema = z.uuid({ error: 'Identifiant invalide.' });

export const ServiceIdParamsSchema = z.object({ id: UuidSchema });

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SlugSchema = z
  .string()
  .max(200, { error: 'Adresse d’article invalide.' })
  .regex(SLUG_PATTERN, { error: 'Adresse d’article invalide.' });
export const BlogSlugParamsSchema = z.object({ slug: SlugSchema });

/** /apercu?token=<postId>.<expires>.<mac> (decision 070); the signature is checked on the server. */
export const PreviewQuerySchema = z.object({
  token: z.string().regex(/^[0-9a-f-]{36}\.\d{1,12}\.[\w-]{20,100}$/, { error: 'Lien invalide.' }),
});

export const BLOG_PAGE_SIZE = 9;
export const BLOG_MAX_PAGE_SIZE = 50;

export const BlogListQuerySchema = z.object({
  page: pageNumber('Numéro de page invalide.', 10_000).default(1),
  pageSize: pageNumber(
    'Taille de page invalide.',
    BLOG_MAX_PAGE_SIZE,
    `Taille de page invalide (${BLOG_MAX_PAGE_SIZE} au plus).`,
  ).default(BLOG_PAGE_SIZE),
  category: z.enum(BLOG_CATEGORIES, { error: 'Catégorie inconnue.' }).optional(),
});
export type BlogListQuery = z.infer<typeof BlogListQuerySchema>;
