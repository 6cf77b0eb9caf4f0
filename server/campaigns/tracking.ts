/**
 * Per-person tracking of campaign emails (decision 018): each real send gets its links rewritten to
 * `/t/c/<token>` and a 1x1 open pixel `/t/o/<token>`. A token is signed, not stored: it carries
 * the campaign, the subscriber and, for a click, the id of the campaign_links row whose URL the
 * redirect goes to, so a click can only ever lead to a URL that was in that campaign.
 *
 * Token layout (base64url, 67 characters for an open, 88 for a click):
 *   [version 1 byte][kind 1 byte: 'o' | 'c'][campaign uuid 16][subscriber uuid 16][link uuid 16, clicks only]
 *   [HMAC-SHA256 of everything before, first 16 bytes]
 * No expiry: emails are read months later. The version byte lets a later format or key scheme
 * coexist with the links already in people's mailboxes; verification accepts the key of
 * TRACKING_SECRET and the stored key, so setting TRACKING_SECRET later breaks no old link.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { campaignLinks, siteSettings } from '#db/schema.ts';
import { appSecret, storedAppSecret } from '../security/secrets.ts';

/** The site setting switching per-person tracking on ('true') or off ('false'); on when absent. */
export const TRACKING_SETTING_KEY = 'email.tracking_enabled';

const TOKEN_VERSION = 1;
const KIND_OPEN = 0x6f; // 'o'
const KIND_CLICK = 0x63; // 'c'
const MAC_BYTES = 16;
const UUID_BYTES = 16;
const OPEN_LENGTH = 2 + 2 * UUID_BYTES + MAC_BYTES;
const CLICK_LENGTH = OPEN_LENGTH + UUID_BYTES;
/** Longer links are left as they are (not tracked) rather than stored. */
const MAX_TRACKED_URL_LENGTH = 2_000;

export type OpenToken = { kind: 'open'; campaignId: string; subscriberId: string };
export type ClickToken = { kind: 'click'; campaignId: string; subscriberId: string; linkId: string };
export type TrackingToken = OpenToken | ClickToken;

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

/** Off only for an explicit 'false' (or 0/non/no/off): a missing or odd value keeps the default. */
export function parseTrackingSetting(value: string | undefined): boolean {
  if (value === undefined) return true;
  return !['false', '0', 'non', 'no', 'off'].includes(value.trim().toLowerCase());
}

export async function isTrackingEnabled(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, TRACKING_SETTING_KEY))
    .limit(1);
  return parseTrackingSetting(row?.value);
}

// ---------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidToBytes(uuid: string): Buffer {
  if (!UUID_PATTERN.test(uuid)) throw new Error('tracking token: not a uuid');
  return Buffer.from(uuid.replaceAll('-', ''), 'hex');
}

function bytesToUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function mac(key: string, payload: Buffer): Buffer {
  return createHmac('sha256', key).update('lisanga-tracking').update(payload).digest().subarray(0, MAC_BYTES);
}

/** Signs a token with `key` (the tracking secret). */
export function signTrackingToken(token: TrackingToken, key: string): string {
  const parts = [
    Buffer.from([TOKEN_VERSION, token.kind === 'open' ? KIND_OPEN : KIND_CLICK]),
    uuidToBytes(token.campaignId),
    uuidToBytes(token.subscriberId),
  ];
  if (token.kind === 'click') parts.push(uuidToBytes(token.linkId));
  const payload = Buffer.concat(parts);
  return Buffer.concat([payload, mac(key, payload)]).toString('base64url');
}

/**
 * The token's content when one of `keys` signed it, else null (malformed, tampered, unknown
 * version or kind). Each MAC comparison takes the same time whatever the bytes.
 */
export function verifyTrackingToken(raw: string, keys: readonly string[]): TrackingToken | null {
  if (raw.length > 120 || !/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  const bytes = Buffer.from(raw, 'base64url');
  if (bytes.length !== OPEN_LENGTH && bytes.length !== CLICK_LENGTH) return null;
  if (bytes[0] !== TOKEN_VERSION) return null;
  const kind = bytes[1];
  const expectedLength = kind === KIND_OPEN ? OPEN_LENGTH : kind === KIND_CLICK ? CLICK_LENGTH : -1;
  if (bytes.length !== expectedLength) return null;
  const payload = bytes.subarray(0, bytes.length - MAC_BYTES);
  const given = bytes.subarray(bytes.length - MAC_BYTES);
  let valid = false;
  // Every key is tried (no early exit), so timing tells nothing about which one matched.
  for (const key of keys) {
    if (timingSafeEqual(mac(key, payload), given)) valid = true;
  }
  if (!valid) return null;
  const campaignId = bytesToUuid(payload.subarray(2, 2 + UUID_BYTES));
  const subscriberId = bytesToUuid(payload.subarray(2 + UUID_BYTES, 2 + 2 * UUID_BYTES));
  if (kind === KIND_OPEN) return { kind: 'open', campaignId, subscriberId };
  const linkId = bytesToUuid(payload.subarray(2 + 2 * UUID_BYTES, 2 + 3 * UUID_BYTES));
  return { kind: 'click', campaignId, subscriberId, linkId };
}

/** The keys a token may be signed with: TRACKING_SECRET first when set, then the stored key. */
export async function trackingKeys(db: Database, trackingSecret?: string): Promise<string[]> {
  const stored = await storedAppSecret(db, 'tracking');
  return trackingSecret && trackingSecret !== stored ? [trackingSecret, stored] : [stored];
}

// ---------------------------------------------------------------------------------------------
// HTML instrumentation
// ---------------------------------------------------------------------------------------------

export type InstrumentOptions = {
  /** The rendered HTML of one recipient's email. */
  html: string;
  campaignId: string;
  subscriberId: string;
  /** env.PUBLIC_URL, without trailing slash. */
  publicUrl: string;
  /** env.TRACKING_SECRET: pass it so new links are signed with the operator's key when set. */
  trackingSecret?: string;
};

// An <a> start tag; attribute values may hold '>' inside quotes.
export const ANCHOR_TAG = /<a\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
// One attribute of a tag: name, then a double-quoted, single-quoted, bare or no value.
const ATTRIBUTE = /(\s+)([^\s"'>/=]+)(?:(\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export type HrefMatch = { start: number; end: number; space: string; value: string };

/** The href attribute of an <a> tag, walking the attributes in order (a quoted value of another attribute may contain the letters `href=`). */
export function findHref(tag: string): HrefMatch | null {
  for (const match of tag.slice(2).matchAll(ATTRIBUTE)) {
    if (match[2]?.toLowerCase() !== 'href' || match[3] === undefined) continue;
    const start = 2 + (match.index ?? 0);
    return {
      start,
      end: start + match[0].length,
      space: match[1] ?? ' ',
      value: decodeHtmlAttribute((match[4] ?? match[5] ?? match[6] ?? '').trim()),
    };
  }
  return null;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/**
 * Decodes the character references an attribute value can hold (Mustache writes `&#x2F;`,
 * `&#x3D;`, `&amp;`...), so the stored URL is the one a browser would follow. A named reference
 * this table does not know is kept as written.
 */
export function decodeHtmlAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X'
          ? Number.parseInt(ref.slice(2), 16)
          : Number.parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/**
 * The subscriber's own newsletter pages (manage, unsubscribe, confirm; the one-click API), which
 * must work exactly as issued, count as no click and carry no UTM parameter, and the tracker's
 * own links (`publicUrl` without trailing slash).
 */
export function isSubscriberLink(url: string, publicUrl: string): boolean {
  const base = publicUrl.toLowerCase();
  const lower = url.toLowerCase();
  return [`${base}/newsletter/`, `${base}/api/newsletter/`, `${base}/t/`].some((prefix) =>
    lower.startsWith(prefix),
  );
}

/** Links left untouched: the subscriber's own, and one already going through the tracker (not wrapped twice). */
function isTrackable(url: string, publicUrl: string): boolean {
  if (!/^https?:\/\//i.test(url) || url.length > MAX_TRACKED_URL_LENGTH) return false;
  return !isSubscriberLink(url, publicUrl);
}

/**
 * One recipient's HTML with its http(s) links going through the click redirect and an open
 * pixel before </body>; unchanged when per-person tracking is off. Every distinct URL is kept in
 * campaign_links (ON CONFLICT DO NOTHING: concurrent sends of one campaign share the rows). Run
 * it with the caller's transaction when there is one (PGlite runs one transaction at a time).
 */
export async function instrumentHtml(db: Database, options: InstrumentOptions): Promise<string> {
  if (!(await isTrackingEnabled(db))) return options.html;
  const { html, campaignId, subscriberId } = options;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const key = await appSecret(db, 'tracking', options.trackingSecret);

  const anchors = [...html.matchAll(ANCHOR_TAG)];
  const urls = new Set<string>();
  for (const anchor of anchors) {
    const href = findHref(anchor[0]);
    if (href && isTrackable(href.value, publicUrl)) urls.add(href.value);
  }
  const linkIds = await linkIdsFor(db, campaignId, [...urls]);

  const rewritten = html.replace(ANCHOR_TAG, (tag) => {
    const href = findHref(tag);
    const linkId = href && linkIds.get(href.value);
    if (!href || !linkId) return tag;
    const token = signTrackingToken({ kind: 'click', campaignId, subscriberId, linkId }, key);
    return `${tag.slice(0, href.start)}${href.space}href="${publicUrl}/t/c/${token}"${tag.slice(href.end)}`;
  });

  const openToken = signTrackingToken({ kind: 'open', campaignId, subscriberId }, key);
  const pixel = `<img src="${publicUrl}/t/o/${openToken}" width="1" height="1" alt="" style="display:block;border:0">`;
  const bodyEnd = rewritten.toLowerCase().lastIndexOf('</body>');
  return bodyEnd === -1
    ? `${rewritten}${pixel}`
    : `${rewritten.slice(0, bodyEnd)}${pixel}${rewritten.slice(bodyEnd)}`;
}

/** The campaign_links id of each URL, inserting those the campaign does not have yet. */
async function linkIdsFor(db: Database, campaignId: string, urls: string[]): Promise<Map<string, string>> {
  if (urls.length === 0) return new Map();
  await db
    .insert(campaignLinks)
    .values(urls.map((url) => ({ campaignId, url })))
    .onConflictDoNothing({ target: [campaignLinks.campaignId, campaignLinks.url] });
  const rows = await db
    .select({ id: campaignLinks.id, url: campaignLinks.url })
    .from(campaignLinks)
    .where(and(eq(campaignLinks.campaignId, campaignId), inArray(campaignLinks.url, urls)));
  return new Map(rows.map((row) => [row.url, row.id]));
}
