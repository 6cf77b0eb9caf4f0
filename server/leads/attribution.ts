/**
 * The source of a conversion (a lead, a newsletter sign-up, a booked call), as its row stores it
 * (docs/decisions/084-first-party-audience.md): the visit its form sent, with the device class and
 * country read from the request. The address and the User-Agent are read, never kept.
 */
import type { Attribution } from '#common/audience.ts';
import type { VisitInput } from '#common/schemas/audience.ts';
import { attributionOf, readVisitContext } from '../audience/visit-context.ts';

/** The row's `attribution` and `traffic_source` columns: both null without a (valid) visit. */
export type ConversionSource = { attribution: Attribution | null; trafficSource: string | null };

export const NO_SOURCE: ConversionSource = { attribution: null, trafficSource: null };

export function conversionSource(
  visit: VisitInput | undefined,
  request: { ip?: string; userAgent?: string },
  siteHost: string,
): ConversionSource {
  // No visit, nothing to read: the address's country is looked up only for a visit kept.
  if (!visit) return NO_SOURCE;
  const attribution = attributionOf(visit, readVisitContext(request), siteHost);
  return { attribution, trafficSource: attribution?.source ?? null };
}
