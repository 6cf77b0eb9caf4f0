/**
 * Signed, expiring links (decisions 070 and 077): a token `<id>.<expires>.<mac>` that opens one
 * thing (a post's preview, a lead's discovery call) until a time, without signing in. The MAC is
 * an HMAC-SHA256 of the purpose, the id and the expiry, with a key per purpose that the site keeps
 * (app_secrets, the same on every instance): a preview token cannot open a call, and a token
 * cannot be stretched or pointed at another id. Tokens travel as the `token` query parameter
 * (masked in the logs) or in a request body, never in a path.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '#db/client.ts';
import { storedAppSecret } from './secrets.ts';

export type LinkPurpose = 'preview' | 'call';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(key: string, purpose: LinkPurpose, id: string, expires: number): string {
  return createHmac('sha256', key).update(`lisanga-${purpose}:${id}.${expires}`).digest('base64url');
}

/** A token opening `id` (a UUID) for `purpose` until `expiresAt` (kept to the second). */
export async function signLink(
  db: Database,
  purpose: LinkPurpose,
  id: string,
  expiresAt: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const key = await storedAppSecret(db, purpose);
  return { token: `${id}.${expires}.${mac(key, purpose, id, expires)}`, expiresAt: new Date(expires * 1000) };
}

export type LinkCheck =
  | { state: 'valid'; id: string; expiresAt: Date }
  /** Genuine but past its time: the page can say so rather than call it broken. */
  | { state: 'expired'; id: string; expiresAt: Date }
  | { state: 'invalid' };

/** What a token is worth at `now`: forged, malformed or another purpose's are `invalid`. */
export async function checkLink(
  db: Database,
  purpose: LinkPurpose,
  token: string | null | undefined,
  now = new Date(),
): Promise<LinkCheck> {
  const [id = '', expiresText = '', given = '', extra] = (token ?? '').split('.');
  if (extra !== undefined || !UUID.test(id) || !/^\d{1,12}$/.test(expiresText)) return { state: 'invalid' };
  const expires = Number(expiresText);
  const expected = Buffer.from(mac(await storedAppSecret(db, purpose), purpose, id, expires));
  const received = Buffer.from(given);
  if (received.length !== expected.length || !timingSafeEqual(received, expected))
    return { state: 'invalid' };
  const expiresAt = new Date(expires * 1000);
  return { state: expiresAt.getTime() > now.getTime() ? 'valid' : 'expired', id, expiresAt };
}
