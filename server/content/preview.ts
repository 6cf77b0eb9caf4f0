/**
 * Preview links of posts (decision 070): the real public page of a draft, at
 * /apercu?token=<postId>.<expires>.<mac>, for the staff and whoever they send the link to (a
 * client checking a text about them), without signing in. The token is a signed link
 * (server/security/signed-link.ts) of the post's id and an expiry, with the site's 'preview'
 * key; it opens that one post for PREVIEW_LINK_TTL_MS and nothing else. It travels as the
 * `token` query parameter, which the logs mask, on a page that is never cached, never indexed
 * and sends no Referer.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { blogPosts } from '#db/schema.ts';
import { checkLink, signLink } from '../security/signed-link.ts';
import { presentPost } from './presenters.ts';

export const PREVIEW_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

/** A link's token for the post, valid PREVIEW_LINK_TTL_MS from `now`. */
export function previewToken(
  db: Database,
  postId: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  return signLink(db, 'preview', postId, new Date(now.getTime() + PREVIEW_LINK_TTL_MS));
}

/** The post id a token opens, or null when it is malformed, forged or expired. */
export async function postIdOfPreviewToken(
  db: Database,
  token: string,
  now = new Date(),
): Promise<string | null> {
  const link = await checkLink(db, 'preview', token, now);
  return link.state === 'valid' ? link.id : null;
}

/** The post a valid token opens, published or not, as the public page shows it. */
export async function findPreviewPost(db: Database, token: string, now = new Date()) {
  const id = await postIdOfPreviewToken(db, token, now);
  if (!id) return undefined;
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row && { post: presentPost(row), isPublished: row.isPublished };
}
