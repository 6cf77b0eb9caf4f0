/**
 * The public site's reads, used by the JSON API (server/api/public.ts) and by the page loaders
 * (through the router context), so both always show the same data.
 */
import { and, asc, desc, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { BlogCategory } from '#common/enums.ts';
import { siteInfoFromSettings } from '#common/site.ts';
import type { Database } from '#db/client.ts';
import {
  blogPosts,
  blogSlugRedirects,
  caseStudies,
  clientLogos,
  companyStats,
  services,
  siteSettings,
  teamMembers,
  testimonials,
} from '#db/schema.ts';
import type { TableMemo } from '../cache/table-memo.ts';
import { type ContentTable, noteRead } from './content-reads.ts';
import {
  presentCaseStudy,
  presentClientLogo,
  presentPost,
  presentPostSummary,
  presentService,
  presentStat,
  presentTeamMember,
  presentTestimonial,
} from './presenters.ts';

/** Setting categories the public may read; 'email' and 'system' stay private. */
export const PUBLIC_SETTING_CATEGORIES = ['site', 'contact', 'social', 'seo'] as const;

/**
 * A service the public may see: active, and under an active parent when it has one (hiding a
 * parent hides its children everywhere: lists, detail pages, sitemap, quote form).
 */
export const serviceIsPublic = sql`${services.isActive} and (${services.parentServiceId} is null or exists (
  select 1 from services parent where parent.id = ${services.parentServiceId} and parent.is_active))`;

/**
 * `memo` keeps the small lists every page shows (settings, services, team, figures) in memory
 * until their table changes (server/cache/table-memo.ts): a page rendered outside the response
 * cache then reads the database only for what is its own (a post, a page of the blog).
 */
export function createPublicContent(db: Database, publicUrl: string, memo?: TableMemo) {
  const serviceOrder = [asc(services.order), asc(services.title)];
  const kept = <T>(key: string, table: ContentTable, load: () => Promise<T>): Promise<T> => {
    noteRead(table);
    return memo ? memo.get(`public:${key}`, [table], load) : load();
  };
  /** A kept list: the rows of `table` (named `name`) that `where` selects, in `order`, presented. */
  const keptList = <Row, Item>(
    key: string,
    name: ContentTable,
    list: { table: PgTable; where: SQL | undefined; order: SQL[]; present: (row: Row) => Item },
  ): Promise<Item[]> =>
    kept(key, name, async () => {
      const rows = (await db
        .select()
        .from(list.table)
        .where(list.where)
        .orderBy(...list.order)) as Row[];
      return rows.map(list.present);
    });

  /** Every published post's summary, newest first (the listing's order). */
  const readPostSummaries = async () => {
    const { content: _content, ...summaryColumns } = getTableColumns(blogPosts);
    const rows = await db
      .select(summaryColumns)
      .from(blogPosts)
      .where(eq(blogPosts.isPublished, true))
      .orderBy(desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`), asc(blogPosts.slug));
    return rows.map(presentPostSummary);
  };

  return {
    listServices() {
      return keptList('services', 'services', {
        table: services,
        where: serviceIsPublic,
        order: serviceOrder,
        present: presentService,
      });
    },

    listParentServices() {
      return keptList('parent-services', 'services', {
        table: services,
        where: and(eq(services.isActive, true), isNull(services.parentServiceId)),
        order: serviceOrder,
        present: presentService,
      });
    },

    /** An active service with its active children and its parent; undefined when unknown. */
    async getService(id: string) {
      noteRead('services');
      const [service] = await db
        .select()
        .from(services)
        .where(and(eq(services.id, id), serviceIsPublic));
      if (!service) return undefined;
      const [children, parent] = await Promise.all([
        db
          .select()
          .from(services)
          .where(and(eq(services.parentServiceId, id), eq(services.isActive, true)))
          .orderBy(...serviceOrder),
        service.parentServiceId
          ? db
              .select()
              .from(services)
              .where(and(eq(services.id, service.parentServiceId), eq(services.isActive, true)))
              .then((rows) => rows[0])
          : undefined,
      ]);
      return {
        ...presentService(service),
        children: children.map(presentService),
        parent: parent ? presentService(parent) : null,
      };
    },

    listTeam() {
      return keptList('team', 'team_members', {
        table: teamMembers,
        where: eq(teamMembers.isActive, true),
        order: [asc(teamMembers.order), asc(teamMembers.name)],
        present: presentTeamMember,
      });
    },

    /**
     * The visible testimonials in their order, each with its case study when that one is
     * published, and only the services the public may see. Kept until any of the three changes.
     */
    listTestimonials() {
      const tables: ContentTable[] = ['testimonials', 'case_studies', 'services'];
      noteRead(...tables);
      const load = async () => {
        const [rows, publicServices] = await Promise.all([
          db
            .select({ testimonial: testimonials, caseStudyTitle: caseStudies.title })
            .from(testimonials)
            .leftJoin(
              caseStudies,
              and(eq(caseStudies.id, testimonials.caseStudyId), eq(caseStudies.isPublished, true)),
            )
            .where(eq(testimonials.isActive, true))
            .orderBy(asc(testimonials.order), asc(testimonials.createdAt), asc(testimonials.id)),
          // The public services are a kept list already (every page's quote form reads them).
          this.listServices(),
        ]);
        const visible = new Set(publicServices.map((service) => service.id));
        return rows.map(({ testimonial, caseStudyTitle }) =>
          presentTestimonial(testimonial, caseStudyTitle, visible),
        );
      };
      return memo ? memo.get('public:testimonials', tables, load) : load();
    },

    /** The visible client logos in their order. */
    listClientLogos() {
      return keptList('client-logos', 'client_logos', {
        table: clientLogos,
        where: eq(clientLogos.isActive, true),
        order: [asc(clientLogos.order), asc(clientLogos.createdAt), asc(clientLogos.id)],
        present: presentClientLogo,
      });
    },

    listStats() {
      return keptList('stats', 'company_stats', {
        table: companyStats,
        where: eq(companyStats.isActive, true),
        order: [asc(companyStats.order)],
        present: presentStat,
      });
    },

    /**
     * A page of the published posts. Every published post's summary (no content) is kept in
     * memory, in the listing's order, until a post changes or is read (the summaries carry the
     * view counter the public API shows): a page is a slice of it, one category's a filter.
     */
    async listPosts(query: { page: number; pageSize: number; category?: BlogCategory }) {
      noteRead('blog_posts');
      const all = memo
        ? await memo.get('public:post-summaries', ['blog_posts', 'blog_post_views'], readPostSummaries)
        : await readPostSummaries();
      const matching = query.category ? all.filter((post) => post.category === query.category) : all;
      const start = (query.page - 1) * query.pageSize;
      return {
        items: matching.slice(start, start + query.pageSize),
        page: query.page,
        pageSize: query.pageSize,
        total: matching.length,
        totalPages: Math.max(1, Math.ceil(matching.length / query.pageSize)),
      };
    },

    async getPost(slug: string) {
      noteRead('blog_posts');
      const [post] = await db
        .select()
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, slug), eq(blogPosts.isPublished, true)));
      return post ? presentPost(post) : undefined;
    },

    /** The address of today of a published post that was read at /blog/{slug} before its slug changed. */
    async findMovedPost(slug: string): Promise<string | undefined> {
      noteRead('blog_posts');
      const [moved] = await db
        .select({ slug: blogPosts.slug })
        .from(blogSlugRedirects)
        .innerJoin(blogPosts, eq(blogPosts.id, blogSlugRedirects.postId))
        .where(and(eq(blogSlugRedirects.oldSlug, slug), eq(blogPosts.isPublished, true)));
      return moved?.slug;
    },

    async listCaseStudies() {
      noteRead('case_studies');
      const rows = await db
        .select()
        .from(caseStudies)
        .where(eq(caseStudies.isPublished, true))
        .orderBy(desc(caseStudies.createdAt));
      return rows.map(presentCaseStudy);
    },

    /** Public settings as a flat `{ key: value }` map. */
    getPublicSettings(): Promise<Record<string, string>> {
      return kept('settings', 'site_settings', async () => {
        const rows = await db
          .select({ key: siteSettings.key, value: siteSettings.value })
          .from(siteSettings)
          .where(inArray(siteSettings.category, [...PUBLIC_SETTING_CATEGORIES]))
          .orderBy(asc(siteSettings.key));
        return Object.fromEntries(rows.map((r) => [r.key, r.value]));
      });
    },

    /** The agency as every page shows it (name, contact details, social links). */
    async getSiteInfo() {
      return siteInfoFromSettings(await this.getPublicSettings(), publicUrl);
    },

    /**
     * One more reader for a published post; false when the slug is unknown or unpublished.
     * The increment happens in SQL, so concurrent readers never overwrite each other's count, and
     * updatedAt is kept as is: a view is not an edit (sitemap lastmod and dateModified use it).
     */
    async recordPostView(slug: string): Promise<boolean> {
      const rows = await db
        .update(blogPosts)
        .set({ views: sql`${blogPosts.views} + 1`, updatedAt: sql`${blogPosts.updatedAt}` })
        .where(and(eq(blogPosts.slug, slug), eq(blogPosts.isPublished, true)))
        .returning({ id: blogPosts.id });
      return rows.length > 0;
    },

    /** What /sitemap.xml lists beyond the static pages: active services and published posts. */
    async listSitemapEntries() {
      noteRead('services', 'blog_posts');
      const [serviceRows, postRows] = await Promise.all([
        db
          .select({ id: services.id, updatedAt: services.updatedAt })
          .from(services)
          .where(serviceIsPublic)
          .orderBy(...serviceOrder),
        db
          .select({
            slug: blogPosts.slug,
            updatedAt: blogPosts.updatedAt,
            publishedAt: blogPosts.publishedAt,
          })
          .from(blogPosts)
          .where(eq(blogPosts.isPublished, true))
          .orderBy(
            desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`),
            asc(blogPosts.slug),
          ),
      ]);
      const latest = (...dates: (Date | null)[]) =>
        new Date(Math.max(...dates.filter((d): d is Date => d !== null).map((d) => d.getTime())));
      return {
        services: serviceRows.map((s) => ({ id: s.id, lastModified: s.updatedAt.toISOString() })),
        posts: postRows.map((p) => ({
          slug: p.slug,
          lastModified: latest(p.updatedAt, p.publishedAt).toISOString(),
        })),
      };
    },
  };
}

export type PublicContent = ReturnType<typeof createPublicContent>;
