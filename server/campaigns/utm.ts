/**
 * A campaign's links carry its UTM parameters (docs/decisions/084-first-party-audience.md), so the
 * audience measurement counts the visits, leads, sign-ups and booked calls it brought:
 * `utm_source=newsletter&utm_medium=email&utm_campaign=<key>`.
 *
 * The key (email_campaigns.utm_campaign) is a readable slug of the title plus the first hex digits
 * of the campaign's id ("offre-de-rentree-3f9a"), given once when the campaign is first scheduled
 * or starts sending and never changed afterwards: a renamed campaign keeps its figures.
 *
 * Tagged: the http(s) links to the site itself (PUBLIC_URL's host, with or without `www.`), in the
 * HTML and in the text part, before the click tracking wraps them (so the click redirect lands on
 * the tagged URL). Left as written: other sites' links, the subscriber's own newsletter links
 * (manage, unsubscribe), the tracker's links and the UTM parameters an editor wrote (only the
 * missing ones of the three are added). The query string and the fragment are kept byte for byte.
 * Previews and test sends are not tagged: a colleague's click must not count as the campaign's.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { slugify } from '#common/schemas/blog-admin.ts';
import type { Database } from '#db/client.ts';
import { hasRow } from '#db/rows.ts';
import { emailCampaigns } from '#db/schema.ts';
import { escapeHtml } from '../email/templates.ts';
import type { CampaignRow } from './render.ts';
import { ANCHOR_TAG, findHref, isSubscriberLink } from './tracking.ts';

export const CAMPAIGN_UTM_SOURCE = 'newsletter';
export const CAMPAIGN_UTM_MEDIUM = 'email';

/** The slug part of a key: short enough for a readable URL (the audience keeps 100 characters). */
const KEY_BASE_MAX_LENGTH = 40;
const SUFFIX_MIN_LENGTH = 4;

/** The readable part of a campaign's key: its title's slug, cut at a word when long; "campagne" when empty. */
export function campaignKeyBase(title: string): string {
  const slug = slugify(title);
  if (!slug) return 'campagne';
  if (slug.length <= KEY_BASE_MAX_LENGTH) return slug;
  const cut = slug.slice(0, KEY_BASE_MAX_LENGTH);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > KEY_BASE_MAX_LENGTH / 2 ? cut.slice(0, lastDash) : cut).replace(/-+$/, '');
}

/**
 * The campaign's key, given now if it has none: the title's slug and the first 4 hex digits of its
 * id, more digits while another campaign holds that key (all 32 are unique). Run it in the
 * transaction that schedules or starts the campaign.
 */
export async function ensureCampaignKey(
  db: Database,
  campaign: Pick<CampaignRow, 'id' | 'title' | 'utmCampaign'>,
): Promise<string> {
  if (campaign.utmCampaign) return campaign.utmCampaign;
  const base = campaignKeyBase(campaign.title);
  const hex = campaign.id.replaceAll('-', '').toLowerCase();
  for (let length = SUFFIX_MIN_LENGTH; length <= hex.length; length += 2) {
    const candidate = `${base}-${hex.slice(0, length)}`;
    if (await hasRow(db, emailCampaigns, eq(emailCampaigns.utmCampaign, candidate))) continue;
    const [set] = await db
      .update(emailCampaigns)
      .set({ utmCampaign: candidate })
      .where(and(eq(emailCampaigns.id, campaign.id), isNull(emailCampaigns.utmCampaign)))
      .returning({ key: emailCampaigns.utmCampaign });
    if (set?.key) return set.key;
    break; // given meanwhile by another transaction: that one stands
  }
  const [row] = await db
    .select({ key: emailCampaigns.utmCampaign })
    .from(emailCampaigns)
    .where(eq(emailCampaigns.id, campaign.id));
  if (!row?.key) throw new Error(`campaign ${campaign.id}: no utm_campaign could be given`);
  return row.key;
}

export type TagOptions = {
  /** PUBLIC_URL (a trailing slash is ignored). */
  publicUrl: string;
  /** email_campaigns.utm_campaign. */
  campaignKey: string;
};

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** `url` with the campaign's UTM parameters when it leads to a page of the site, else as it was. */
export function tagSiteUrl(url: string, options: TagOptions): string {
  if (!/^https?:\/\//i.test(url)) return url;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (bareHost(parsed.host) !== bareHost(new URL(publicUrl).host)) return url;
  if (isSubscriberLink(`${publicUrl}${parsed.pathname}`, publicUrl)) return url;

  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const present = new URLSearchParams(queryAt === -1 ? '' : beforeHash.slice(queryAt + 1));
  const missing = (
    [
      ['utm_source', CAMPAIGN_UTM_SOURCE],
      ['utm_medium', CAMPAIGN_UTM_MEDIUM],
      ['utm_campaign', options.campaignKey],
    ] as const
  ).filter(([name]) => !present.has(name));
  if (missing.length === 0) return url;
  const added = missing.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  const joiner = queryAt === -1 ? '?' : /[?&]$/.test(beforeHash) ? '' : '&';
  return `${beforeHash}${joiner}${added}${fragment}`;
}

/** The HTML with the href of each <a> to the site tagged (other tags byte for byte as they were). */
export function tagCampaignHtml(html: string, options: TagOptions): string {
  return html.replace(ANCHOR_TAG, (tag) => {
    const href = findHref(tag);
    if (!href) return tag;
    const tagged = tagSiteUrl(href.value, options);
    if (tagged === href.value) return tag;
    return `${tag.slice(0, href.start)}${href.space}href="${escapeHtml(tagged)}"${tag.slice(href.end)}`;
  });
}

// An address in plain text: up to a space or a bracket (html-to-text writes links as "[url]").
const TEXT_URL = /https?:\/\/[^\s<>"'[\]]+/gi;

/** The text part with its addresses of the site tagged; a sentence's final punctuation stays outside. */
export function tagCampaignText(text: string, options: TagOptions): string {
  return text.replace(TEXT_URL, (match) => {
    const trailing = /[.,;:!?)]+$/.exec(match)?.[0] ?? '';
    const url = match.slice(0, match.length - trailing.length);
    return `${tagSiteUrl(url, options)}${trailing}`;
  });
}

/**
 * The link as the editor wrote it: `url` without the parameters tagSiteUrl added (the exact
 * `utm_source=newsletter`, `utm_medium=email` and `utm_campaign=<key>` pairs; no other site's link
 * names the campaign's key), for the results' list of clicked links. Every other parameter, and
 * the fragment, unchanged.
 */
export function untagSiteUrl(url: string, campaignKey: string): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const ours = [
    `utm_source=${CAMPAIGN_UTM_SOURCE}`,
    `utm_medium=${CAMPAIGN_UTM_MEDIUM}`,
    `utm_campaign=${encodeURIComponent(campaignKey)}`,
  ];
  if (queryAt === -1 || !beforeHash.includes(ours[2] as string)) return url;
  const kept = beforeHash
    .slice(queryAt + 1)
    .split('&')
    .filter((pair) => pair !== '' && !ours.includes(pair));
  const query = kept.length > 0 ? `?${kept.join('&')}` : '';
  return `${beforeHash.slice(0, queryAt)}${query}${hashAt === -1 ? '' : url.slice(hashAt)}`;
}
