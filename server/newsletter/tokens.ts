/**
 * Subscriber tokens (docs/product.md §3.1 subscriber_tokens): 32 random bytes in base64url go into the link,
 * only their SHA-256 hash is stored, so a copy of the database cannot be used to confirm,
 * manage or unsubscribe anybody. A confirm token lasts 48 h and serves once. A manage link (it
 * opens the subscriber's data: export, erase) is new in every email and lasts 90 days; an expired
 * one asks for a fresh link by email (docs/decisions/029-manage-links.md). Unsubscribe links
 * never expire: a person must always be able to leave, from any email they kept.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import {
  appSecrets,
  type NewsletterSubscription,
  newsletterSubscriptions,
  subscriberTokens,
} from '#db/schema.ts';
import { HttpError } from '../errors.ts';

export type TokenType = 'confirm' | 'manage' | 'unsubscribe';

export const CONFIRM_TOKEN_TTL_MS = 48 * 60 * 60_000;
export const MANAGE_TOKEN_TTL_MS = 90 * 24 * 60 * 60_000;

const TOKEN_TTL_MS: Partial<Record<TokenType, number>> = {
  confirm: CONFIRM_TOKEN_TTL_MS,
  manage: MANAGE_TOKEN_TTL_MS,
};
const expiryOf = (type: TokenType, now: Date) => {
  const ttl = TOKEN_TTL_MS[type];
  return ttl === undefined ? null : new Date(now.getTime() + ttl);
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function generateToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** Stores a new token for the subscriber and returns its clear value (to put in a link). */
export async function issueToken(
  db: Database,
  subscriberId: string,
  type: TokenType,
  now: Date,
): Promise<string> {
  const { token, tokenHash } = generateToken();
  await db.insert(subscriberTokens).values({
    subscriberId,
    type,
    tokenHash,
    expiresAt: expiryOf(type, now),
    createdAt: now,
  });
  return token;
}

/** app_secrets key of the key that derives the reusable links of campaign emails. */
const LINK_KEY_SECRET = 'subscriber_link_key';

/**
 * The key behind `reusableToken`, generated on first use and kept in app_secrets (every instance
 * and every restart must derive the same links). Cheap to call again; callers may cache it.
 */
export async function subscriberLinkKey(db: Database): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ key: LINK_KEY_SECRET, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: appSecrets.key });
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.key, LINK_KEY_SECRET));
  if (!row) throw new Error('the subscriber link key could not be stored');
  return row.value;
}

/**
 * A manage or unsubscribe token that is the same for every campaign email of one subscriber
 * (within a calendar month, for manage links, which then rotate and expire like any other):
 * derived from the subscriber's id with a keyed hash, and stored (its hash) the first time only.
 * A campaign to 10 000 people then writes no token row after the first one, instead of two rows
 * per message. Only the hash is stored, as for `issueToken`; unlike a random token, whoever holds
 * the key (a copy of the database holds it) can derive the link, which for manage/unsubscribe
 * gives no more than the copy already holds (docs/decisions/017-campaign-engine.md).
 */
export async function reusableToken(
  db: Database,
  linkKey: string,
  subscriberId: string,
  type: 'manage' | 'unsubscribe',
  now: Date,
): Promise<string> {
  // Unsubscribe links keep one value forever; manage links get a new one each month (UTC).
  const period = type === 'manage' ? `:${now.toISOString().slice(0, 7)}` : '';
  const token = createHmac('sha256', linkKey).update(`${type}:${subscriberId}${period}`).digest('base64url');
  await db
    .insert(subscriberTokens)
    .values({
      subscriberId,
      type,
      tokenHash: hashToken(token),
      expiresAt: expiryOf(type, now),
      createdAt: now,
    })
    .onConflictDoNothing({ target: subscriberTokens.tokenHash });
  return token;
}

export const invalidToken = () =>
  new HttpError(
    400,
    'invalid_token',
    'Ce lien n’est pas valide. Vérifiez que vous avez copié l’adresse complète depuis l’email.',
  );
export const expiredToken = (type: TokenType = 'confirm') =>
  new HttpError(
    410,
    'token_expired',
    type === 'manage'
      ? 'Ce lien a expiré. Demandez un nouveau lien de gestion.'
      : 'Ce lien a expiré. Demandez un nouveau lien de confirmation.',
  );
export const usedToken = () =>
  new HttpError(410, 'token_used', 'Ce lien a déjà été utilisé. Demandez un nouveau lien si besoin.');

export type TokenMatch = {
  token: typeof subscriberTokens.$inferSelect;
  subscriber: NewsletterSubscription;
};

/**
 * The token and its subscriber, with the subscriber row locked for the rest of the transaction
 * (two clicks on one link are handled one after the other). Throws the French 400/410 errors.
 */
export async function findToken(
  db: Database,
  token: string,
  types: readonly TokenType[],
  now: Date,
): Promise<TokenMatch> {
  const [row] = await db
    .select()
    .from(subscriberTokens)
    .where(and(eq(subscriberTokens.tokenHash, hashToken(token)), inArray(subscriberTokens.type, [...types])))
    .limit(1);
  if (!row) throw invalidToken();
  const [subscriber] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, row.subscriberId))
    .for('update');
  if (!subscriber) throw invalidToken();
  if (row.usedAt) throw usedToken();
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) throw expiredToken(row.type);
  return { token: row, subscriber };
}

/** Marks every still-open confirm token of the subscriber as used (after a confirmation or an opt-out). */
export async function closeConfirmTokens(db: Database, subscriberId: string, now: Date): Promise<void> {
  await db
    .update(subscriberTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(subscriberTokens.subscriberId, subscriberId),
        eq(subscriberTokens.type, 'confirm'),
        isNull(subscriberTokens.usedAt),
      ),
    );
}

export type TokenState = 'valid' | 'invalid' | 'expired' | 'used';

/**
 * Read-only look-up for the pages' loaders (a GET must change nothing, and takes no lock): the
 * token's state and, when valid, its subscriber.
 */
export async function inspectToken(
  db: Database,
  token: string | null | undefined,
  types: readonly TokenType[],
  now: Date,
): Promise<{ state: TokenState; subscriber?: NewsletterSubscription }> {
  if (!token || token.length < 20 || token.length > 200) return { state: 'invalid' };
  const [row] = await db
    .select({ token: subscriberTokens, subscriber: newsletterSubscriptions })
    .from(subscriberTokens)
    .innerJoin(newsletterSubscriptions, eq(newsletterSubscriptions.id, subscriberTokens.subscriberId))
    .where(and(eq(subscriberTokens.tokenHash, hashToken(token)), inArray(subscriberTokens.type, [...types])))
    .limit(1);
  if (!row) return { state: 'invalid' };
  if (row.token.usedAt) return { state: 'used' };
  if (row.token.expiresAt && row.token.expiresAt.getTime() <= now.getTime()) return { state: 'expired' };
  return { state: 'valid', subscriber: row.subscriber };
}
