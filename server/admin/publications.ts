/**
 * The record the campaigns read to announce new content (decision 015): written the first time a
 * post or case study is published, never again, so unpublishing and republishing does not announce
 * it twice.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { contentPublications } from '#db/schema.ts';

type Publication = typeof contentPublications.$inferInsert;

/** Writes the publication record of that content unless it has one. Call inside the transaction. */
export async function recordFirstPublication(
  tx: Database,
  publication: Pick<Publication, 'contentType' | 'contentId' | 'title' | 'url' | 'publishedAt'>,
): Promise<void> {
  const [recorded] = await tx
    .select({ id: contentPublications.id })
    .from(contentPublications)
    .where(
      and(
        eq(contentPublications.contentType, publication.contentType),
        eq(contentPublications.contentId, publication.contentId),
      ),
    )
    .limit(1);
  if (!recorded) await tx.insert(contentPublications).values({ ...publication, processed: false });
}
