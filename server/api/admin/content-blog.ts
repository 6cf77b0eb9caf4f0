import { Router } from 'express';
import {
  BlogListQuerySchema,
  BlogPostInputSchema,
  BlogPostPatchSchema,
  BlogPreviewSchema,
} from '#common/schemas/blog-admin.ts';
import {
  createBlogPost,
  deleteBlogPost,
  findBlogPost,
  listBlogPosts,
  publishBlogPost,
  unpublishBlogPost,
  updateBlogPost,
} from '../../admin/blog.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { renderMarkdown } from '../../content/markdown.ts';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { releaseMediaUrl } from '../../media/release.ts';
import { IdParamsSchema } from './params.ts';

/**
 * A PATCH changes the fields sent and only those: zod fills defaults (an empty excerpt, no image)
 * for absent keys, which must not overwrite what is stored.
 */
function sentFields<T extends object>(parsed: T, body: unknown): Partial<T> {
  const sent = new Set(Object.keys(body ?? {}));
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => sent.has(key))) as Partial<T>;
}

const postNotFound = () => notFound('Article introuvable.');

/**
 * /api/admin/blog (decision 015): posts of every status, the editor's live preview (the public
 * page's own sanitising renderer, so the preview is exactly what readers will get), publication.
 */
export function blogAdminRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;
  const publicUrl = deps.env.PUBLIC_URL;

  router.get('/', async (req, res) => {
    res.json(await listBlogPosts(db, parseInput(BlogListQuerySchema, req.query)));
  });

  router.post('/preview', (req, res) => {
    const { content } = parseInput(BlogPreviewSchema, req.body ?? {});
    res.json({ html: renderMarkdown(content) });
  });

  router.post('/', async (req, res) => {
    const input = parseInput(BlogPostInputSchema, req.body ?? {});
    const post = await createBlogPost(db, input, adminOf(res).user.id);
    res.status(201).json({ post });
  });

  router.get('/:id', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const post = await findBlogPost(db, id);
    if (!post) throw postNotFound();
    res.json({ post });
  });

  router.put('/:id', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const input = parseInput(BlogPostInputSchema, req.body ?? {});
    const result = await updateBlogPost(db, id, input, adminOf(res).user.id, { regenerateEmptySlug: true });
    if (!result) throw postNotFound();
    await releaseMediaUrl(deps, result.previousCover);
    res.json({ post: result.post });
  });

  router.patch('/:id', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const input = sentFields(parseInput(BlogPostPatchSchema, req.body ?? {}), req.body);
    const result = await updateBlogPost(db, id, input, adminOf(res).user.id, { regenerateEmptySlug: false });
    if (!result) throw postNotFound();
    await releaseMediaUrl(deps, result.previousCover);
    res.json({ post: result.post });
  });

  router.post('/:id/publish', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const post = await publishBlogPost(db, id, adminOf(res).user.id, publicUrl);
    if (!post) throw postNotFound();
    res.json({ post });
  });

  router.post('/:id/unpublish', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const post = await unpublishBlogPost(db, id, adminOf(res).user.id);
    if (!post) throw postNotFound();
    res.json({ post });
  });

  router.delete('/:id', async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const deleted = await deleteBlogPost(db, id, adminOf(res).user.id);
    if (!deleted) throw postNotFound();
    await releaseMediaUrl(deps, deleted.coverImage);
    res.status(204).end();
  });

  return router;
}
