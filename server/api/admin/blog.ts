import type { Router } from 'express';
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
import { itemRoute } from './item-routes.ts';
import { publishableAdminRouter } from './publishable-router.ts';

const postNotFound = () => notFound('Article introuvable.');

/**
 * /api/admin/blog (decisions 015, 069): posts of every status, the editor's live preview (the public
 * page's own sanitising renderer, so the preview is exactly what readers will get), publication,
 * now or at a planned time.
 */
export function blogAdminRouter(deps: AppDeps): Router {
  const { db } = deps.database;
  const router = publishableAdminRouter(deps, {
    key: 'post',
    missing: postNotFound,
    schemas: { list: BlogListQuerySchema, input: BlogPostInputSchema, patch: BlogPostPatchSchema },
    list: listBlogPosts,
    create: createBlogPost,
    find: findBlogPost,
    // A PUT with an empty slug asks for one made from the title again.
    update: (db, id, input, adminId, whole) =>
      updateBlogPost(db, id, input, adminId, { regenerateEmptySlug: whole }),
    publish: publishBlogPost,
    unpublish: unpublishBlogPost,
    remove: deleteBlogPost,
  });

  router.post('/preview', (req, res) => {
    const { content } = parseInput(BlogPreviewSchema, req.body ?? {});
    res.json({ html: renderMarkdown(content) });
  });

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
      return { url: `${deps.env.PUBLIC_URL}/apercu?token=${token}`, expiresAt: expiresAt.toISOString() };
    }),
  );

  router.delete(
    '/:id/schedule',
    itemRoute('post', postNotFound, (id, _req, res) => unscheduleBlogPost(db, id, adminOf(res).user.id)),
  );

  return router;
}
