/**
 * Blog posts for the back-office (docs/decisions/015): the filtered list, one post,
 * create/update with a unique slug, publish/unpublish and delete. Each change and its activity
 * log row are one transaction; the first publication also records a content_publications row
 * for the campaigns (processed = false).
 */
import { and, asc, eq, isNotNull, like, lte, or, sql } from 'drizzle-orm';
import { BLOG_CATEGORY_LABELS } from '#common/enums.ts';
import { kinshasaDayAndHour } from '#common/kinshasa.ts';
import {
  type AdminBlogPage,
  type AdminBlogPost,
  type AdminBlogPostSummary,
  type BlogListQuery,
  type BlogPostInput,
  SCHEDULE_MESSAGES,
  SLUG_MAX_LENGTH,
  SLUG_TAKEN_MESSAGE,
  slugify,
} from '#common/schemas/blog-admin.ts';
import { type Database, hasPgCode, inTransaction } from '#db/client.ts';
import { allOf, findPresented, pageOfTable, searchIn } from '#db/list-queries.ts';
import { insertRow } from '#db/rows.ts';
import { type BlogPost, blogPosts, blogSlugRedirects } from '#db/schema.ts';
import { logActivity, logActivityCoalesced } from '../activity/log.ts';
import { repeatEvery } from '../background/repeat.ts';
import { fieldError, HttpError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { publishing, recordFirstPublication } from './publications.ts';

/** Edits of one post by one admin within this time are one "Article modifié" line of the log. */
export const EDIT_LOG_WINDOW_MS = 10 * 60_000;

export const slugTaken = () =>
  new HttpError(409, 'slug_taken', SLUG_TAKEN_MESSAGE, { slug: SLUG_TAKEN_MESSAGE });

export function presentAdminPostSummary(row: BlogPost): AdminBlogPostSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    category: row.category,
    excerpt: row.excerpt,
    coverImage: row.coverImage,
    isPublished: row.isPublished,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    views: row.views,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const presentAdminPost = (row: BlogPost): AdminBlogPost => ({
  ...presentAdminPostSummary(row),
  content: row.content,
  metaDescription: row.metaDescription,
  coverAlt: row.coverAlt,
});

const SORT_COLUMNS = {
  updatedAt: blogPosts.updatedAt,
  // Drafts (never published) sort as the oldest.
  publishedAt: sql`coalesce(${blogPosts.publishedAt}, 'epoch'::timestamptz)`,
  views: blogPosts.views,
  title: sql`lower(${blogPosts.title})`,
} as const;

export async function listBlogPosts(db: Database, query: BlogListQuery): Promise<AdminBlogPage> {
  const where = allOf(
    searchIn(query.q, [blogPosts.title, blogPosts.slug, blogPosts.excerpt]),
    query.status && eq(blogPosts.isPublished, query.status === 'published'),
    query.category && eq(blogPosts.category, query.category),
  );
  return pageOfTable(db, blogPosts, query, where, SORT_COLUMNS[query.sort], (rows: BlogPost[]) =>
    rows.map(presentAdminPostSummary),
  );
}

export const findBlogPost = (db: Database, id: string): Promise<AdminBlogPost | undefined> =>
  findPresented(db, blogPosts, id, presentAdminPost);

/** The title's slug, or the first of slug-2, slug-3... that no other post uses. */
async function freeSlugFor(tx: Database, title: string): Promise<string> {
  const base = slugify(title) || 'article';
  const taken = new Set(
    (
      await tx
        .select({ slug: blogPosts.slug })
        .from(blogPosts)
        .where(or(eq(blogPosts.slug, base), like(blogPosts.slug, `${base}-%`)))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

async function assertSlugFree(tx: Database, slug: string, exceptId?: string) {
  const [other] = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug));
  if (other && other.id !== exceptId) throw slugTaken();
}

/** A post takes this address: a former address of another post that pointed here no longer does. */
async function claimAddress(tx: Database, slug: string) {
  await tx.delete(blogSlugRedirects).where(eq(blogSlugRedirects.oldSlug, slug));
}

/**
 * Runs a write of a post in a transaction. Two admins saving the same slug at once: the unique
 * index refuses the second, a 409 too.
 */
async function writeWithSlug<T>(db: Database, write: (tx: Database) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(db, write);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (hasPgCode(error, '23505')) throw slugTaken();
    throw error;
  }
}

const categoryLabel = (post: { category: BlogPost['category'] }) => BLOG_CATEGORY_LABELS[post.category];

export async function createBlogPost(
  db: Database,
  input: BlogPostInput,
  adminId: string,
): Promise<AdminBlogPost> {
  return writeWithSlug(db, async (tx) => {
    const slug = input.slug ?? (await freeSlugFor(tx, input.title));
    if (input.slug) await assertSlugFree(tx, slug);
    await claimAddress(tx, slug);
    const row = await insertRow(tx, blogPosts, {
      title: input.title,
      slug,
      category: input.category,
      excerpt: input.excerpt,
      coverImage: input.coverImage,
      metaDescription: input.metaDescription,
      coverAlt: input.coverAlt,
      content: input.content,
      isPublished: false,
    });
    await logActivity(tx, {
      type: 'post.created',
      title: `Article créé : ${row.title}`,
      description: `Brouillon, catégorie ${categoryLabel(row)}`,
      userId: adminId,
    });
    return presentAdminPost(row);
  });
}

/**
 * Updates the fields given. An empty slug on a full update means "from the title again". The
 * returned `released` is the cover this change replaced or removed, to release after commit.
 */
export async function updateBlogPost(
  db: Database,
  id: string,
  input: Partial<BlogPostInput>,
  adminId: string,
  options: { regenerateEmptySlug: boolean },
): Promise<{ item: AdminBlogPost; released: string[] } | undefined> {
  return writeWithSlug(db, async (tx) => {
    const [current] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    if (!current) return undefined;
    const title = input.title ?? current.title;
    let slug = current.slug;
    if (input.slug) {
      slug = input.slug;
      if (slug !== current.slug) await assertSlugFree(tx, slug, id);
    } else if (options.regenerateEmptySlug && slugify(title) !== current.slug) {
      slug = await freeSlugFor(tx, title);
    }
    const changes = {
      title,
      slug,
      category: input.category ?? current.category,
      excerpt: input.excerpt ?? current.excerpt,
      coverImage: input.coverImage !== undefined ? input.coverImage : current.coverImage,
      metaDescription: input.metaDescription ?? current.metaDescription,
      coverAlt: input.coverAlt ?? current.coverAlt,
      content: input.content ?? current.content,
    };
    // Saving the form unchanged writes nothing and logs nothing.
    const unchanged = (Object.keys(changes) as (keyof typeof changes)[]).every(
      (key) => changes[key] === current[key],
    );
    if (unchanged) return { item: presentAdminPost(current), released: [] };
    const [row] = await tx.update(blogPosts).set(changes).where(eq(blogPosts.id, id)).returning();
    if (!row) throw new Error('blog post vanished during update');
    if (row.slug !== current.slug) {
      await claimAddress(tx, row.slug);
      // An address readers may have (shared, bookmarked, indexed) keeps leading to the post.
      if (current.publishedAt) {
        await tx
          .insert(blogSlugRedirects)
          .values({ oldSlug: current.slug, postId: id })
          .onConflictDoUpdate({ target: blogSlugRedirects.oldSlug, set: { postId: id } });
      }
    }
    const notes: string[] = [];
    if (row.slug !== current.slug) notes.push(`adresse /blog/${current.slug} → /blog/${row.slug}`);
    if (row.title !== current.title) notes.push(`ancien titre « ${current.title} »`);
    const entry = {
      type: 'post.updated',
      title: `Article modifié : ${row.title}`,
      description: notes.length > 0 ? notes.join(' ; ') : null,
      userId: adminId,
    };
    // A new title or address is always a line of its own; the editor's autosaves in between are one.
    if (entry.description) await logActivity(tx, entry);
    else await logActivityCoalesced(tx, entry, { within: EDIT_LOG_WINDOW_MS });
    const released = current.coverImage && current.coverImage !== row.coverImage ? [current.coverImage] : [];
    return { item: presentAdminPost(row), released };
  });
}

/**
 * Publishing an already published post changes nothing. The reading date (publishedAt) is set
 * on the first publication only; so is the content_publications row, so that a post taken down
 * for a fix and put back is not announced to subscribers twice. Unpublished, the post leaves the
 * site (its page answers 404); its publication record stays (decision 015). Deleted, its
 * publication records not yet handled by the campaigns go with it (announcing a deleted post
 * would send readers to a 404); processed ones stay as history. Its cover image is released.
 */
export const {
  publish: publishBlogPost,
  unpublish: unpublishBlogPost,
  remove: deleteBlogPost,
} = publishing<BlogPost, AdminBlogPost>({
  table: blogPosts,
  name: 'blog post',
  contentType: 'blog',
  present: presentAdminPost,
  url: (post, publicUrl) => `${publicUrl}/blog/${encodeURIComponent(post.slug)}`,
  onPublish: (current, now) => ({ publishedAt: current.publishedAt ?? now, scheduledAt: null }),
  uploads: (post) => (post.coverImage ? [post.coverImage] : []),
  activity: {
    published: (row) => ({
      type: 'post.published',
      title: `Article publié : ${row.title}`,
      description: `/blog/${row.slug}`,
    }),
    unpublished: (row) => ({
      type: 'post.unpublished',
      title: `Article dépublié : ${row.title}`,
      description: `/blog/${row.slug} ne répond plus`,
    }),
    deleted: (row) => ({
      type: 'post.deleted',
      title: `Article supprimé : ${row.title}`,
      description: row.isPublished ? `Était publié à /blog/${row.slug}` : 'Brouillon',
    }),
  },
});

/** How far ahead a publication may be planned. */
export const SCHEDULE_MAX_AHEAD_MS = 366 * 24 * 60 * 60_000;

/**
 * Plans the publication of a draft at `at` (decision 069), or moves it; the background task
 * publishes it then (publishDuePosts). Undefined when the post does not exist.
 */
export async function scheduleBlogPost(
  db: Database,
  id: string,
  at: Date,
  adminId: string,
  now = new Date(),
): Promise<AdminBlogPost | undefined> {
  if (at.getTime() <= now.getTime()) throw fieldError('publishAt', SCHEDULE_MESSAGES.past);
  if (at.getTime() > now.getTime() + SCHEDULE_MAX_AHEAD_MS) {
    throw fieldError('publishAt', SCHEDULE_MESSAGES.tooFar);
  }
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    if (!current) return undefined;
    if (current.isPublished) throw new HttpError(409, 'already_published', SCHEDULE_MESSAGES.published);
    const [row] = await tx.update(blogPosts).set({ scheduledAt: at }).where(eq(blogPosts.id, id)).returning();
    if (!row) throw new Error('blog post vanished during scheduling');
    await logActivity(tx, {
      type: 'post.scheduled',
      title: `Publication programmée : ${row.title}`,
      description: `Le ${kinshasaDayAndHour(at)} (heure de Kinshasa)`,
      userId: adminId,
    });
    return presentAdminPost(row);
  });
}

/** The planned publication is cancelled; the post stays a draft. Undefined when it does not exist. */
export async function unscheduleBlogPost(
  db: Database,
  id: string,
  adminId: string,
): Promise<AdminBlogPost | undefined> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    if (!current) return undefined;
    if (!current.scheduledAt) return presentAdminPost(current);
    const [row] = await tx
      .update(blogPosts)
      .set({ scheduledAt: null })
      .where(eq(blogPosts.id, id))
      .returning();
    if (!row) throw new Error('blog post vanished during unscheduling');
    await logActivity(tx, {
      type: 'post.unscheduled',
      title: `Programmation annulée : ${row.title}`,
      description: null,
      userId: adminId,
    });
    return presentAdminPost(row);
  });
}

/** At most this many posts published by one run; the next run takes the rest. */
const DUE_BATCH = 20;

/**
 * Publishes the drafts whose planned time has come, as their author would have (the publication
 * record for the campaigns, the activity line, the reading date: the planned time). Each is claimed
 * `FOR UPDATE SKIP LOCKED` in the transaction that publishes it, so with several instances running
 * this at once, each post is published by exactly one. Returns the posts published.
 */
export async function publishDuePosts(
  db: Database,
  publicUrl: string,
  now = new Date(),
): Promise<BlogPost[]> {
  return inTransaction(db, async (tx) => {
    const due = await tx
      .select()
      .from(blogPosts)
      .where(
        and(
          eq(blogPosts.isPublished, false),
          isNotNull(blogPosts.scheduledAt),
          lte(blogPosts.scheduledAt, now),
        ),
      )
      .orderBy(asc(blogPosts.scheduledAt))
      .limit(DUE_BATCH)
      .for('update', { skipLocked: true });
    const published: BlogPost[] = [];
    for (const post of due) {
      const at = post.scheduledAt ?? now;
      const [row] = await tx
        .update(blogPosts)
        .set({ isPublished: true, publishedAt: post.publishedAt ?? at, scheduledAt: null })
        .where(eq(blogPosts.id, post.id))
        .returning();
      if (!row) continue;
      await recordFirstPublication(tx, {
        contentType: 'blog',
        contentId: row.id,
        title: row.title,
        url: `${publicUrl}/blog/${encodeURIComponent(row.slug)}`,
        publishedAt: at,
      });
      await logActivity(tx, {
        type: 'post.published',
        title: `Article publié : ${row.title}`,
        description: `/blog/${row.slug} (publication programmée)`,
        userId: null,
      });
      published.push(row);
    }
    return published;
  });
}

/** Publishes the due posts every `intervalMs` in this instance (first after one interval). */
export function startScheduledPublishing(
  db: Database,
  deps: { publicUrl: string; logger: Logger },
  intervalMs: number,
): { stop(): void } {
  const run = async () => {
    try {
      const published = await publishDuePosts(db, deps.publicUrl, new Date());
      for (const post of published) deps.logger.info({ postId: post.id }, 'planned post published');
    } catch (error) {
      deps.logger.error({ err: error }, 'publishing planned posts failed');
    }
  };
  return repeatEvery(run, intervalMs, intervalMs);
}
