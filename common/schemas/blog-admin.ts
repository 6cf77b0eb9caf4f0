/**
 * The back-office's blog (docs/decisions/015): the post form's schema, used by the editor
 * (zodResolver) and by the server (parseInput), the list's query and the shapes the screens read.
 *
 * Routes (behind the admin guard, `Cache-Control: no-store`):
 * - GET    /api/admin/blog?BlogListQuery      -> Page<AdminBlogPostSummary>
 * - POST   /api/admin/blog/preview            { content } -> { html } (the public page's renderer)
 * - GET    /api/admin/blog/:id                -> { post: AdminBlogPost }
 * - POST   /api/admin/blog                    BlogPostInput -> 201 { post } (a draft)
 * - PUT    /api/admin/blog/:id                BlogPostInput -> { post };  PATCH: any subset of it
 * - POST   /api/admin/blog/:id/publish        -> { post } (records a content_publications row once)
 * - POST   /api/admin/blog/:id/unpublish      -> { post }
 * - POST   /api/admin/blog/:id/schedule       BlogSchedule -> { post } (a draft published at that time)
 * - DELETE /api/admin/blog/:id/schedule       -> { post } (the planned publication cancelled)
 * - POST   /api/admin/blog/:id/preview-link   -> { link: PreviewLink } (the public page of the post, any status)
 * - DELETE /api/admin/blog/:id                -> 204
 * A slug already taken by another post is a 409 with `fields.slug` = SLUG_TAKEN_MESSAGE. A published
 * post whose slug changes keeps its former address as a 301 (decision 069).
 */
import { z } from 'zod';
import { BLOG_CATEGORIES, type BlogCategory } from '../enums.ts';
import { orderQueryField, type Page, pageQueryFields, searchQueryField } from './admin.ts';
import { requiredText } from './fields.ts';

export const SLUG_MAX_LENGTH = 80;
export const SLUG_TAKEN_MESSAGE = 'Ce slug est déjà utilisé.';
export const BLOG_CONTENT_MAX_LENGTH = 100_000;
/** Google shows about this much of a description; WhatsApp two lines of it. */
export const META_DESCRIPTION_MAX_LENGTH = 160;
export const IMAGE_ALT_MESSAGE = 'Chaque image du contenu doit avoir un texte alternatif';

/** A Markdown image whose alt text is empty: `![](/media/x.960.webp)`. */
const IMAGE_WITHOUT_ALT = /!\[\s*\]\(/;

/**
 * A URL slug from a title: lowercase, accents removed ("Stratégie" -> "strategie"), anything
 * else than a-z and 0-9 becomes one '-', no '-' at either end, 80 characters at most (cut at a
 * word boundary when there is one).
 */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[œŒ]/g, 'oe')
    .replace(/[æÆ]/g, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= SLUG_MAX_LENGTH) return slug;
  const cut = slug.slice(0, SLUG_MAX_LENGTH);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > SLUG_MAX_LENGTH / 2 ? cut.slice(0, lastDash) : cut).replace(/-+$/, '');
}

export const SlugSchema = z
  .string({ error: 'Slug invalide' })
  .trim()
  .toLowerCase()
  .max(SLUG_MAX_LENGTH, { error: `Le slug fait ${SLUG_MAX_LENGTH} caractères au plus` })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: 'Le slug ne contient que des lettres minuscules sans accents, des chiffres et des tirets',
  });

/**
 * An image field: the URL an upload returned (`/media/...`) or an https address; empty means none.
 */
export const ImageUrlSchema = z
  .string({ error: 'Image invalide' })
  .trim()
  .max(2000, { error: 'Adresse d’image trop longue' })
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || v.startsWith('/media/') || /^https:\/\/[^\s]+$/.test(v), {
    error: 'Image invalide : téléversez une image ou donnez une adresse https',
  });

export const BlogPostInputSchema = z.object({
  title: requiredText(1, 200, {
    missing: 'Le titre est requis',
    long: 'Le titre fait 200 caractères au plus',
  }),
  /** Empty: generated from the title (with -2, -3... when taken). */
  slug: z
    .union([z.literal(''), SlugSchema], { error: 'Slug invalide' })
    .optional()
    .transform((v) => v || undefined),
  category: z.enum(BLOG_CATEGORIES, { error: 'Choisissez une catégorie' }),
  excerpt: z
    .string({ error: 'Résumé invalide' })
    .trim()
    .max(500, { error: 'Le résumé fait 500 caractères au plus' })
    .default(''),
  coverImage: ImageUrlSchema,
  /** What Google and a shared link show under the title; empty: the excerpt. */
  metaDescription: z
    .string({ error: 'Description invalide' })
    .trim()
    .max(META_DESCRIPTION_MAX_LENGTH, { error: 'La description fait 160 caractères au plus' })
    .default(''),
  /** What the cover shows, for whoever cannot see it; empty: a sentence made from the title. */
  coverAlt: z
    .string({ error: 'Texte alternatif invalide' })
    .trim()
    .max(200, { error: 'Le texte alternatif fait 200 caractères au plus' })
    .default(''),
  content: requiredText(1, BLOG_CONTENT_MAX_LENGTH, {
    missing: 'Le contenu est requis',
    long: 'Le contenu est trop long (100 000 caractères au plus)',
  })
    // A reader who cannot see an image (screen reader, image not loaded on 3G) is told what it shows.
    .refine((v) => !IMAGE_WITHOUT_ALT.test(v), { error: IMAGE_ALT_MESSAGE }),
});
export type BlogPostInput = z.output<typeof BlogPostInputSchema>;
export type BlogPostForm = z.input<typeof BlogPostInputSchema>;

/** PATCH: the fields sent are validated like the form's, the others stay as they are. */
export const BlogPostPatchSchema = BlogPostInputSchema.partial().strict();

export const BlogPreviewSchema = z.object({
  content: z
    .string({ error: 'Contenu invalide' })
    .max(BLOG_CONTENT_MAX_LENGTH, { error: 'Le contenu est trop long (100 000 caractères au plus)' }),
});

export const SCHEDULE_MESSAGES = {
  invalid: 'Date et heure invalides',
  past: 'Choisissez une date et une heure à venir',
  tooFar: 'Choisissez une date dans les douze mois',
  published: 'Cet article est déjà publié.',
} as const;

/** The planned publication of a draft: an instant with its offset (the screen sends Kinshasa time, +01:00). */
export const BlogScheduleSchema = z.object({
  publishAt: z.iso.datetime({ offset: true, error: SCHEDULE_MESSAGES.invalid }),
});

/** A signed link to a post's public page, published or not (decision 070). */
export type PreviewLink = { url: string; expiresAt: string };

export const BLOG_STATUSES = ['published', 'draft'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
export const BLOG_STATUS_LABELS: Record<BlogStatus, string> = { published: 'Publié', draft: 'Brouillon' };
/** The status filter of the admin lists whose items are published or drafts (the blog, the portfolio). */
export const publicationStatusFilter = z.enum(BLOG_STATUSES, { error: 'Statut invalide' }).optional();

export const BLOG_SORTS = ['updatedAt', 'publishedAt', 'views', 'title'] as const;

export const BlogListQuerySchema = z.object({
  q: searchQueryField,
  status: publicationStatusFilter,
  category: z.enum(BLOG_CATEGORIES, { error: 'Catégorie invalide' }).optional(),
  sort: z.enum(BLOG_SORTS, { error: 'Tri invalide' }).default('updatedAt'),
  order: orderQueryField,
  ...pageQueryFields,
});
export type BlogListQuery = z.output<typeof BlogListQuerySchema>;

export type AdminBlogPostSummary = {
  id: string;
  title: string;
  slug: string;
  category: BlogCategory;
  excerpt: string;
  coverImage: string | null;
  isPublished: boolean;
  publishedAt: string | null;
  /** A draft's planned publication (ISO), or null. */
  scheduledAt: string | null;
  views: number;
  createdAt: string;
  updatedAt: string;
};
export type AdminBlogPost = AdminBlogPostSummary & {
  content: string;
  metaDescription: string;
  coverAlt: string;
};
export type AdminBlogPage = Page<AdminBlogPostSummary>;
