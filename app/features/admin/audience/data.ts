/** The Audience screen's data (docs/decisions/084): the period's report, and "En ce moment". */
import type { AudienceNow, AudienceReport } from '#common/api-types.ts';
import { createAdminQuery } from '../data/admin-data';
import { AUDIENCE_KEY, AUDIENCE_NOW_KEY } from '../data/queries';

/** What the address asks for: a preset, or two chosen days. */
export type AudienceParams = { period?: string; from?: string; to?: string };

export function audienceQuery(params: AudienceParams) {
  const search = new URLSearchParams();
  if (params.from && params.to) {
    search.set('from', params.from);
    search.set('to', params.to);
  } else if (params.period) search.set('period', params.period);
  const query = search.toString();
  return {
    ...createAdminQuery<AudienceReport>({
      queryKey: [AUDIENCE_KEY, 'report', query],
      url: query ? `${AUDIENCE_KEY}?${query}` : AUDIENCE_KEY,
    }),
    // Another period shows the one before it until it comes: the screen does not jump.
    placeholderData: (previous: AudienceReport | undefined) => previous,
  };
}

/**
 * Visitors of the last 5 minutes: the `audience` channel's `visitors_now` replaces it as it
 * changes (realtime-effects.ts); a fresh read each minute in case the channel was down.
 */
export const audienceNowQuery = {
  ...createAdminQuery<AudienceNow>({ queryKey: [AUDIENCE_NOW_KEY], url: AUDIENCE_NOW_KEY }),
  refetchInterval: 60_000,
};
