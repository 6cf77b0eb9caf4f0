import { data, type MetaDescriptor } from 'react-router';
import { NOT_FOUND_DESCRIPTION, NOT_FOUND_TITLE, NotFoundPage } from '~/components/not-found-page';
import { seo } from '~/lib/seo';
import { siteFromMatches } from '~/lib/site';

export function loader() {
  // The page is rendered with the real status, so crawlers and link checkers see a 404.
  return data(null, { status: 404 });
}

/**
 * A shared broken link still gets a card (the site's name and image), under the page's own title;
 * never indexed, and no canonical address, since none exists.
 */
export const meta = ({
  matches,
  location,
}: {
  matches: Parameters<typeof siteFromMatches>[0];
  location: { pathname: string };
}): MetaDescriptor[] => {
  const site = siteFromMatches(matches);
  const tags = seo(site, {
    title: NOT_FOUND_TITLE,
    description: NOT_FOUND_DESCRIPTION,
    path: location.pathname,
    noindex: true,
    canonical: false,
  });
  // seo() adds the site's name to the title; the 404 page's is the specification's alone.
  return [{ title: NOT_FOUND_TITLE }, ...tags.filter((tag) => !('title' in tag))];
};

export default function NotFound() {
  return <NotFoundPage />;
}
