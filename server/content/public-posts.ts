/**
 * The public blog's reads (server/content/public-content.ts binds them): a page of the listing,
 * a post, the address of a post whose slug changed, and a reader counted.
 */
import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { BlogCategory } from '#common/enums.ts';
import { blogPosts, blogSlugRedirects } from '#db/schema.ts';
import { noteRead } from './content-reads.ts';
import { presentPost, presentPostSummary } from './presenters.ts';
import type { PublicReads } from './public-content.ts';

/** The listing's order: newest first, by publication (or creation) date, the slug breaking ties. */
export const postListingOrder = [
  desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`),
  asc(blogPosts.slug),
];

export type PostsQuery = { page: number; pageSize: number; category?: BlogCategory };

/** Every published post's summary, in the listing's order. */
async function readPostSummaries({ db }: PublicReads) {
  const { content: _content, ...summaryColumns } = getTableColumns(blogPosts);
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
    .orderBy(...postListingOrder);
  return rows.map(presentPostSummary);
}

/**
 * A page of the published posts. Every published post's summary (no content) is kept in memory,
 * in the listing's order, until a post changes or is read (the summaries carry the view counter
 * the public API shows): a page is a slice of it, one category's a filter.
 */
export async function listPosts(reads: PublicReads, query: PostsQuery) {
  noteRead('blog_posts');
  const all = reads.memo
    ? await reads.memo.get('public:post-summaries', ['blog_posts', 'blog_post_views'], () =>
        readPostSummaries(reads),
      )
    : await readPostSummaries(reads);
  const matching = query.category ? all.filter((post) => post.category === query.category) : all;
  const start = (query.page - 1) * query.pageSize;
  return {
    items: matching.slice(start, start + query.pageSize),
    page: query.page,
    pageSize: query.pageSize,
    total: matching.length,
    totalPages: Math.max(1, Math.ceil(matching.length / query.pageSize)),
  };
}

export async function getPost({ db }: PublicReads, slug: string) {
  noteRead('blog_posts');
  const [post] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.isPublished, true)));
  return post ? presentPost(post) : undefined;
}

/** The address of today of a published post that was read at /blog/{slug} before its slug changed. */
export async function findMovedPost({ db }: PublicReads, slug: string): Promise<string | undefined> {
  noteRead('blog_posts');
  const [moved] = await db
    .select({ slug: blogPosts.slug })
    .from(blogSlugRedirects)
    .innerJoin(blogPosts, eq(blogPosts.id, blogSlugRedirects.postId))
    .where(and(eq(blogSlugRedirects.oldSlug, slug), eq(blogPosts.isPublished, true)));
  return moved?.slug;
}

/**
 * One more reader for a published post; false when the slug is unknown or unpublished.
 * The increment happens in SQL, so concurrent readers never overwrite each other's count, and
 * updatedAt is kept as is: a view is not an edit (sitemap lastmod and dateModified use it).
 */
export async function recordPostView({ db }: PublicReads, slug: string): Promise<boolean> {
  const rows = await db
    .update(blogPosts)
    .set({ views: sql`${blogPosts.views} + 1`, updatedAt: sql`${blogPosts.updatedAt}` })
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.isPublished, true)))
    .returning({ id: blogPosts.id });
  return rows.length > 0;
}
