import { useRouteLoaderData } from 'react-router';
import type { SiteInfo } from '#common/site.ts';

type RootData = { site: SiteInfo };

/** The agency's details, loaded once by the root route. */
export function useSite(): SiteInfo {
  const data = useRouteLoaderData('root') as RootData | undefined;
  if (!data) throw new Error('useSite needs the root loader data');
  return data.site;
}

/** The same, inside a `meta` function. */
export function siteFromMatches(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]) {
  return (matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined)?.site;
}
