/**
 * Preview links of posts (decision 070): the real public page of a draft, at
 * /apercu?token=<postId>.<expires>.<mac>, for the staff and whoever they send the link to (a
 * client checking a text about them), without signing in. The token is an HMAC (SHA-256) of the
 * post's id and an expiry, with a key the site keeps (app_secrets 'preview', the same on every
 * instance); it opens that one post for PREVIEW_LINK_TTL_MS and nothing else. It travels as the
 * `token` query parameter, which the logs mask, on a page that is never cached, never indexed and
 * sends no Referer.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { blogPosts } from '#db/schema.ts';
import { storedAppSecret } from '../campaigns/secrets.ts';
import { presentPost } from './presenters.ts';

export const PREVIEW_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(key: string, postId: string, expires: number): string {
  return createHmac('sha256', key).update(`lisanga-preview:${postId}.${expires}`).digest('base64url');
}

/** A link's token for the post, valid PREVIEW_LINK_TTL_MS from `now`. */
export async function previewToken(
  db: Database,
  postId: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const key = await storedAppSecret(db, 'preview');
  const expires = Math.floor((now.getTime() + PREVIEW_LINK_TTL_MS) / 1000);
  return { token: `${postId}.${expires}.${mac(key, postId, expires)}`, expiresAt: new Date(expires * 1000) };
}

/** The post id a token opens, or null when it is malformed, forged or expired. */
export async function postIdOfPreviewToken(
  db: Database,
  token: string,
  now = new Date(),
): Promise<string | null> {
  const [postId = '', expiresText = '', given = ''] = token.split('.');
  const expires = Number(expiresText);
  if (!UUID.test(postId) || !/^\d{1,12}$/.test(expiresText) || expires * 1000 <= now.getTime()) return null;
  const expected = Buffer.from(mac(await storedAppSecret(db, 'preview'), postId, expires));
  const received = Buffer.from(given);
  return received.length === expected.length && timingSafeEqual(received, expected) ? postId : null;
}

/** The post a valid token opens, published or not, as the public page shows it. */
export async function findPreviewPost(db: Database, token: string, now = new Date()) {
  const id = await postIdOfPreviewToken(db, token, now);
  if (!id) return undefined;
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row && { post: presentPost(row), isPublished: row.isPublished };
}
