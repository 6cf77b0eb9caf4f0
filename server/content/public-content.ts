/**
 * The public site's reads, used by the JSON API (server/api/public.ts) and by the page loaders
 * (through the router context), so both always show the same data.
 */
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { siteInfoFromSettings } from '#common/site.ts';
import type { Database } from '#db/client.ts';
import {
  blogPosts,
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
  presentService,
  presentStat,
  presentTeamMember,
  presentTestimonial,
} from './presenters.ts';
import {
  findMovedPost,
  getPost,
  listPosts,
  type PostsQuery,
  postListingOrder,
  recordPostView,
} from './public-posts.ts';

/** Setting categories the public may read; 'email' and 'system' stay private. */
export const PUBLIC_SETTING_CATEGORIES = ['site', 'contact', 'social', 'seo'] as const;

/**
 * A service the public may see: active, and under an active parent when it has one (hiding a
 * parent hides its children everywhere: lists, detail pages, sitemap, quote form).
 */
export const serviceIsPublic = sql`${services.isActive} and (${services.parentServiceId} is null or exists (
  select 1 from services parent where parent.id = ${services.parentServiceId} and parent.is_active))`;

/**
 * What every read below is given: the database, the site's address, and `memo`, which keeps the
 * small lists every page shows (settings, services, team, figures) in memory until their table
 * changes (server/cache/table-memo.ts): a page rendered outside the response cache then reads the
 * database only for what is its own (a post, a page of the blog).
 */
export type PublicReads = { db: Database; publicUrl: string; memo?: TableMemo };

const serviceOrder = [asc(services.order), asc(services.title)];

/** `load`'s answer, kept under `key` until one of `tables` changes (read each time without a memo). */
function kept<T>(
  reads: PublicReads,
  key: string,
  tables: ContentTable[],
  load: () => Promise<T>,
): Promise<T> {
  noteRead(...tables);
  return reads.memo ? reads.memo.get(`public:${key}`, tables, load) : load();
}

/** A list of the public site: the rows of `table` that `where` selects, in `order`, presented. */
type PublicList<Row, Item> = {
  table: PgTable;
  where: SQL | undefined;
  order: SQL[];
  present: (row: Row) => Item;
};

async function readList<Row, Item>(db: Database, list: PublicList<Row, Item>): Promise<Item[]> {
  const rows = (await db
    .select()
    .from(list.table)
    .where(list.where)
    .orderBy(...list.order)) as Row[];
  return rows.map(list.present);
}

/** A list kept under `key` until its table, named `name`, changes. */
function keptList<Row, Item>(
  reads: PublicReads,
  key: string,
  name: ContentTable,
  list: PublicList<Row, Item>,
): Promise<Item[]> {
  return kept(reads, key, [name], () => readList(reads.db, list));
}

function listServices(reads: PublicReads) {
  return keptList(reads, 'services', 'services', {
    table: services,
    where: serviceIsPublic,
    order: serviceOrder,
    present: presentService,
  });
}

function listParentServices(reads: PublicReads) {
  return keptList(reads, 'parent-services', 'services', {
    table: services,
    where: and(eq(services.isActive, true), isNull(services.parentServiceId)),
    order: serviceOrder,
    present: presentService,
  });
}

/** An active service with its active children and its parent; undefined when unknown. */
async function getService({ db }: PublicReads, id: string) {
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
}

function listTeam(reads: PublicReads) {
  return keptList(reads, 'team', 'team_members', {
    table: teamMembers,
    where: eq(teamMembers.isActive, true),
    order: [asc(teamMembers.order), asc(teamMembers.name)],
    present: presentTeamMember,
  });
}

/**
 * The visible testimonials in their order, each with its case study when that one is published,
 * and only the services the public may see. Kept until any of the three changes.
 */
function listTestimonials(reads: PublicReads) {
  return kept(reads, 'testimonials', ['testimonials', 'case_studies', 'services'], async () => {
    const [rows, publicServices] = await Promise.all([
      reads.db
        .select({ testimonial: testimonials, caseStudyTitle: caseStudies.title })
        .from(testimonials)
        .leftJoin(
          caseStudies,
          and(eq(caseStudies.id, testimonials.caseStudyId), eq(caseStudies.isPublished, true)),
        )
        .where(eq(testimonials.isActive, true))
        .orderBy(asc(testimonials.order), asc(testimonials.createdAt), asc(testimonials.id)),
      // The public services are a kept list already (every page's quote form reads them).
      listServices(reads),
    ]);
    const visible = new Set(publicServices.map((service) => service.id));
    return rows.map(({ testimonial, caseStudyTitle }) =>
      presentTestimonial(testimonial, caseStudyTitle, visible),
    );
  });
}

/** The visible client logos in their order. */
function listClientLogos(reads: PublicReads) {
  return keptList(reads, 'client-logos', 'client_logos', {
    table: clientLogos,
    where: eq(clientLogos.isActive, true),
    order: [asc(clientLogos.order), asc(clientLogos.createdAt), asc(clientLogos.id)],
    present: presentClientLogo,
  });
}

function listStats(reads: PublicReads) {
  return keptList(reads, 'stats', 'company_stats', {
    table: companyStats,
    where: eq(companyStats.isActive, true),
    order: [asc(companyStats.order)],
    present: presentStat,
  });
}

function listCaseStudies({ db }: PublicReads) {
  noteRead('case_studies');
  return readList(db, {
    table: caseStudies,
    where: eq(caseStudies.isPublished, true),
    order: [desc(caseStudies.createdAt)],
    present: presentCaseStudy,
  });
}

/** Public settings as a flat `{ key: value }` map. */
function getPublicSettings(reads: PublicReads): Promise<Record<string, string>> {
  return kept(reads, 'settings', ['site_settings'], async () => {
    const rows = await reads.db
      .select({ key: siteSettings.key, value: siteSettings.value })
      .from(siteSettings)
      .where(inArray(siteSettings.category, [...PUBLIC_SETTING_CATEGORIES]))
      .orderBy(asc(siteSettings.key));
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  });
}

/** The agency as every page shows it (name, contact details, social links). */
async function getSiteInfo(reads: PublicReads) {
  return siteInfoFromSettings(await getPublicSettings(reads), reads.publicUrl);
}

/** What /sitemap.xml lists beyond the static pages: active services and published posts. */
async function listSitemapEntries({ db }: PublicReads) {
  noteRead('services', 'blog_posts');
  const [serviceRows, postRows] = await Promise.all([
    db
      .select({ id: services.id, updatedAt: services.updatedAt })
      .from(services)
      .where(serviceIsPublic)
      .orderBy(...serviceOrder),
    db
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt, publishedAt: blogPosts.publishedAt })
      .from(blogPosts)
      .where(eq(blogPosts.isPublished, true))
      .orderBy(...postListingOrder),
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
}

/** The public site's reads, bound to the process's database, address and memo. */
export function createPublicContent(db: Database, publicUrl: string, memo?: TableMemo) {
  const reads: PublicReads = { db, publicUrl, memo };
  return {
    listServices: () => listServices(reads),
    listParentServices: () => listParentServices(reads),
    getService: (id: string) => getService(reads, id),
    listTeam: () => listTeam(reads),
    listTestimonials: () => listTestimonials(reads),
    listClientLogos: () => listClientLogos(reads),
    listStats: () => listStats(reads),
    listPosts: (query: PostsQuery) => listPosts(reads, query),
    getPost: (slug: string) => getPost(reads, slug),
    findMovedPost: (slug: string) => findMovedPost(reads, slug),
    listCaseStudies: () => listCaseStudies(reads),
    getPublicSettings: () => getPublicSettings(reads),
    getSiteInfo: () => getSiteInfo(reads),
    recordPostView: (slug: string) => recordPostView(reads, slug),
    listSitemapEntries: () => listSitemapEntries(reads),
  };
}

export type PublicContent = ReturnType<typeof createPublicContent>;
