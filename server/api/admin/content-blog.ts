import { Router } from 'express';
import {
  BlogListQuerySchema,
  BlogPostInputSchema,
  BlogPostPatchSchema,
  BlogPreviewSchema,
  BlogScheduleSchema,
} from '#common/schemas/blog-admin.ts';
import {
  createBlogPost,
  deleteBlogPost,
  findBlogPost,
  listBlogPosts,
  publishBlogPost,
  scheduleBlogPost,
  unpublishBlogPost,
  unscheduleBlogPost,
  updateBlogPost,
} from '../../admin/blog.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../auth/require-admin.ts';
import { renderMarkdown } from '../../content/markdown.ts';
import { previewToken } from '../../content/preview.ts';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../http/validate.ts';
import { releaseMediaUrl } from '../../media/release.ts';
import { createRoute, itemRoute, listRoute, sentFields } from './item-routes.ts';
import { IdParamsSchema } from './params.ts';

const postNotFound = () => notFound('Article introuvable.');

/**
 * /api/admin/blog (decisions 015, 069): posts of every status, the editor's live preview (the public
 * page's own sanitising renderer, so the preview is exactly what readers will get), publication,
 * now or at a planned time.
 */
export function blogAdminRouter(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps.database;
  const publicUrl = deps.env.PUBLIC_URL;

  router.get('/', listRoute(db, BlogListQuerySchema, listBlogPosts));

  router.post('/preview', (req, res) => {
    const { content } = parseInput(BlogPreviewSchema, req.body ?? {});
    res.json({ html: renderMarkdown(content) });
  });

  router.post(
    '/',
    createRoute('post', BlogPostInputSchema, (input, adminId) => createBlogPost(db, input, adminId)),
  );

  router.get(
    '/:id',
    itemRoute('post', postNotFound, (id) => findBlogPost(db, id)),
  );

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

  router.post(
    '/:id/publish',
    itemRoute('post', postNotFound, (id, _req, res) =>
      publishBlogPost(db, id, adminOf(res).user.id, publicUrl),
    ),
  );

  router.post(
    '/:id/unpublish',
    itemRoute('post', postNotFound, (id, _req, res) => unpublishBlogPost(db, id, adminOf(res).user.id)),
  );

  router.post(
    '/:id/schedule',
    itemRoute('post', postNotFound, (id, req, res) => {
      const { publishAt } = parseInput(BlogScheduleSchema, req.body ?? {});
      return scheduleBlogPost(db, id, new Date(publishAt), adminOf(res).user.id);
    }),
  );

  // A link to the post's real public page, published or not, for seven days (decision 070).
  router.post(
    '/:id/preview-link',
    itemRoute('link', postNotFound, async (id) => {
      if (!(await findBlogPost(db, id))) return undefined;
      const { token, expiresAt } = await previewToken(db, id);
      return { url: `${publicUrl}/apercu?token=${token}`, expiresAt: expiresAt.toISOString() };
    }),
  );

  router.delete(
    '/:id/schedule',
    itemRoute('post', postNotFound, (id, _req, res) => unscheduleBlogPost(db, id, adminOf(res).user.id)),
  );

  router.delete(
    '/:id',
    itemRoute(null, postNotFound, async (id, _req, res) => {
      const deleted = await deleteBlogPost(db, id, adminOf(res).user.id);
      if (deleted) await releaseMediaUrl(deps, deleted.coverImage);
      return deleted;
    }),
  );

  return router;
}
