/**
 * The audience measurement's shared vocabulary (docs/decisions/084-first-party-audience.md): where a
 * visit comes from, named as the staff say it, and what a lead, a sign-up or a booked call records
 * of the visit that produced it. Used by the beacon's collector, the forms' attribution, the
 * Audience screen and the lead's panel.
 */

/** The UTM fields kept from a landing page's address, in this order. */
export const UTM_FIELDS = ['utmSource', 'utmMedium', 'utmCampaign', 'utmContent', 'utmTerm'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
/** Each UTM field's name in a URL's query. */
export const UTM_PARAMS: Record<UtmField, string> = {
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmContent: 'utm_content',
  utmTerm: 'utm_term',
};
export type UtmValues = Partial<Record<UtmField, string>>;

/** A visit with no referrer and no UTM source. */
export const DIRECT_SOURCE = 'Accès direct';

/**
 * The networks and engines recognised by name, from a referrer's host or a `utm_source`: the first
 * whose pattern matches the host (or the source) wins. Anything else is shown as its host.
 */
const NAMED_SOURCES: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['WhatsApp', /(^|\.)whatsapp\.(com|net)$|^wa\.me$|^whatsapp$/],
  ['Facebook', /(^|\.)facebook\.com$|(^|\.)fb\.(com|me)$|^m\.me$|^facebook$|^fb$/],
  ['Instagram', /(^|\.)instagram\.com$|^l\.instagram\.com$|^instagram$|^ig$/],
  ['LinkedIn', /(^|\.)linkedin\.com$|^lnkd\.in$|^linkedin$/],
  ['X (Twitter)', /(^|\.)twitter\.com$|^t\.co$|^x\.com$|^twitter$|^x$/],
  ['YouTube', /(^|\.)youtube\.com$|^youtu\.be$|^youtube$/],
  ['TikTok', /(^|\.)tiktok\.com$|^tiktok$/],
  ['Google', /(^|\.)google\.[a-z.]+$|^google$/],
  ['Bing', /(^|\.)bing\.com$|^bing$/],
  ['DuckDuckGo', /(^|\.)duckduckgo\.com$|^duckduckgo$/],
  ['Newsletter', /^newsletter$/],
];

/**
 * The source of a visit as the staff read it: the UTM source when the link carried one (a named
 * network when recognised, else as written), else the referrer's host (named when recognised),
 * else "Accès direct".
 */
export function visitSource(input: { referrerHost?: string | null; utmSource?: string | null }): string {
  const utm = input.utmSource?.trim().toLowerCase();
  if (utm) return namedSource(utm) ?? utm;
  const host = input.referrerHost
    ?.trim()
    .toLowerCase()
    .replace(/^www\./, '');
  if (host) return namedSource(host) ?? host;
  return DIRECT_SOURCE;
}

function namedSource(value: string): string | undefined {
  return NAMED_SOURCES.find(([, pattern]) => pattern.test(value))?.[0];
}

/** A device class, from the User-Agent (never stored itself). */
export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export const DEVICE_LABELS: Record<DeviceClass, string> = {
  mobile: 'Téléphone',
  tablet: 'Tablette',
  desktop: 'Ordinateur',
};

let regions: Intl.DisplayNames | undefined;
/** An ISO 3166 country code in French ("CD" -> "Congo-Kinshasa"); the code itself if unknown. */
export function countryName(code: string): string {
  try {
    regions ??= new Intl.DisplayNames(['fr'], { type: 'region' });
    return regions.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * What a conversion (a lead, a newsletter sign-up, a booked call) records of the visit that
 * produced it: the tab's landing details, the page of the form and the pages seen before, with
 * the device class and country the server read from the request (neither address nor User-Agent
 * is kept).
 */
export type Attribution = UtmValues & {
  /** `visitSource()` of the landing: "Facebook", "Newsletter", "google.com"… */
  source: string;
  referrerHost?: string;
  landingPath?: string;
  formPath?: string;
  /** The pages of the visit, in order, up to and with the form's (at most 20 kept). */
  pages?: string[];
  /** How many pages the visit had seen when the form was sent (all of them, not only the kept). */
  pagesSeen?: number;
  device?: DeviceClass;
  country?: string;
};

/**
 * "Arrivé(e) par Facebook · campagne « lancement » · sur /services/seo · 4 pages vues": the
 * attribution in one line, as the lead's panel shows it.
 */
export function describeAttribution(attribution: Attribution): string {
  const parts = [
    attribution.source === DIRECT_SOURCE
      ? 'Arrivé(e) en accès direct'
      : `Arrivé(e) par ${attribution.source}`,
  ];
  if (attribution.utmCampaign) parts.push(`campagne « ${attribution.utmCampaign} »`);
  if (attribution.landingPath) parts.push(`sur ${attribution.landingPath}`);
  if (attribution.pagesSeen) {
    parts.push(
      `${attribution.pagesSeen} page${attribution.pagesSeen > 1 ? 's' : ''} vue${attribution.pagesSeen > 1 ? 's' : ''}`,
    );
  }
  return parts.join(' · ');
}

/**
 * The audience fold (server/audience/fold.ts) stays this far behind the clock: a beacon is
 * committed within this time of its own (the collector refuses older rows and its statements time
 * out sooner), so no event can land behind where a fold stopped. "Today" is this much late.
 */
export const AUDIENCE_FOLD_LAG_MS = 30_000;
