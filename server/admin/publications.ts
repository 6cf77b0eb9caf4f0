/**
 * The publication of the blog's posts and the portfolio's case studies (decision 015): publishing
 * and unpublishing one, deleting one, and the record the campaigns read to announce new content,
 * written the first time it is published, never again, so unpublishing and republishing does not
 * announce it twice.
 */
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Database, inTransaction } from '#db/client.ts';
import { hasRow } from '#db/rows.ts';
import { contentPublications } from '#db/schema.ts';
import { type ActivityEntry, logActivity } from '../activity/log.ts';

type Publication = typeof contentPublications.$inferInsert;

/** Writes the publication record of that content unless it has one. Call inside the transaction. */
export async function recordFirstPublication(
  tx: Database,
  publication: Pick<Publication, 'contentType' | 'contentId' | 'title' | 'url' | 'publishedAt'>,
): Promise<void> {
  const recorded = await hasRow(
    tx,
    contentPublications,
    and(
      eq(contentPublications.contentType, publication.contentType),
      eq(contentPublications.contentId, publication.contentId),
    ),
  );
  if (!recorded) await tx.insert(contentPublications).values({ ...publication, processed: false });
}

/** The table of publishable content: blog posts or case studies. */
type PublishableTable = PgTable & { id: AnyPgColumn; isPublished: AnyPgColumn };

type Logged = Omit<ActivityEntry, 'userId'>;

/**
 * Publishes or unpublishes one row, in a transaction that locks it: undefined when it does not
 * exist; as it is, nothing written, when it already is so; else changed (with `extra` values),
 * its publication recorded when `record` says what to announce, and the change logged.
 */
export async function setPublished<Row extends { isPublished: boolean }>(
  db: Database,
  table: PublishableTable,
  id: string,
  change: {
    published: boolean;
    /** For the error of a row deleted meanwhile: 'blog post', 'case study'. */
    name: string;
    extra?: (current: Row) => Record<string, unknown>;
    record?: (row: Row) => Parameters<typeof recordFirstPublication>[1];
    activity: (row: Row) => Logged;
    adminId: string;
  },
): Promise<Row | undefined> {
  const { published, name, extra, record, activity, adminId } = change;
  return inTransaction(db, async (tx) => {
    const [current] = (await tx.select().from(table).where(eq(table.id, id)).for('update')) as Row[];
    if (!current) return undefined;
    if (current.isPublished === published) return current;
    const [row] = (await tx
      .update(table)
      .set({ isPublished: published, ...extra?.(current) })
      .where(eq(table.id, id))
      .returning()) as Row[];
    if (!row) throw new Error(`${name} vanished during ${published ? 'publication' : 'unpublication'}`);
    if (record) await recordFirstPublication(tx, record(row));
    await logActivity(tx, { ...activity(row), userId: adminId });
    return row;
  });
}

/**
 * Deletes one row and its publication records not yet handled by the campaigns (announcing
 * deleted content would send readers to a 404); processed ones stay as history. Undefined when
 * it does not exist.
 */
export async function deletePublishable<Row>(
  db: Database,
  table: PublishableTable,
  id: string,
  contentType: Publication['contentType'],
  activity: (row: Row) => Logged,
  adminId: string,
): Promise<Row | undefined> {
  return inTransaction(db, async (tx) => {
    const [row] = (await tx.delete(table).where(eq(table.id, id)).returning()) as Row[];
    if (!row) return undefined;
    await tx
      .delete(contentPublications)
      .where(
        and(
          eq(contentPublications.contentType, contentType),
          eq(contentPublications.contentId, id),
          eq(contentPublications.processed, false),
        ),
      );
    await logActivity(tx, { ...activity(row), userId: adminId });
    return row;
  });
}

/**
 * One kind of publishable content (blog posts, case studies): how it is presented, where it is
 * read once published, what its publication sets besides, the uploads a deleted row leaves and the
 * French activity of each change.
 */
export type PublishingSpec<Row, Item> = {
  table: PublishableTable;
  /** For the error of a row deleted meanwhile: 'blog post', 'case study'. */
  name: string;
  contentType: Publication['contentType'];
  present: (row: Row) => Item;
  /** The public address the campaigns announce. */
  url: (row: Row, publicUrl: string) => string;
  /** Values a publication sets besides isPublished, from the row before it. */
  onPublish?: (current: Row, now: Date) => Record<string, unknown>;
  /** The upload URLs of a row, released once it is deleted. */
  uploads: (row: Row) => string[];
  activity: {
    published: (row: Row) => Logged;
    unpublished: (row: Row) => Logged;
    deleted: (row: Row) => Logged;
  };
};

/**
 * Publishing, unpublishing and deleting one kind of content (setPublished, deletePublishable):
 * publishing twice changes nothing and the publication is recorded the first time only.
 */
export function publishing<Row extends { isPublished: boolean; title: string }, Item>(
  spec: PublishingSpec<Row, Item>,
) {
  const { table, name, present, activity } = spec;
  return {
    publish: async (
      db: Database,
      id: string,
      adminId: string,
      publicUrl: string,
      now = new Date(),
    ): Promise<Item | undefined> => {
      const row = await setPublished<Row>(db, table, id, {
        published: true,
        name,
        extra: (current) => spec.onPublish?.(current, now) ?? {},
        record: (published) => ({
          contentType: spec.contentType,
          contentId: id,
          title: published.title,
          url: spec.url(published, publicUrl),
          publishedAt: now,
        }),
        activity: activity.published,
        adminId,
      });
      return row && present(row);
    },

    unpublish: async (db: Database, id: string, adminId: string): Promise<Item | undefined> => {
      const row = await setPublished<Row>(db, table, id, {
        published: false,
        name,
        activity: activity.unpublished,
        adminId,
      });
      return row && present(row);
    },

    /** Gives the deleted row's uploads, to release. */
    remove: async (
      db: Database,
      id: string,
      adminId: string,
    ): Promise<{ released: string[] } | undefined> => {
      const row = await deletePublishable<Row>(db, table, id, spec.contentType, activity.deleted, adminId);
      return row && { released: spec.uploads(row) };
    },
  };
}
