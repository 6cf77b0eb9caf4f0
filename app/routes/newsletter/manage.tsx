import { PAGES } from '#common/pages.ts';
import { pageShareImage } from '#common/visuals.ts';
import { appContext } from '~/context.server';
import { ManageFormIsland } from '~/features/newsletter/manage-form';
import { seo } from '~/lib/seo';
import { siteFromMatches } from '~/lib/site';
import type { Route } from './+types/manage';
// Used in the loader and action only: React Router drops them from the client bundle.
import { inspectToken } from './newsletter.server';

export function meta({ matches }: Route.MetaArgs) {
  return seo(siteFromMatches(matches), {
    title: PAGES['newsletter.manage'].title,
    image: pageShareImage('newsletter.manage'),
    description: 'Vos préférences de newsletter.',
    path: '/newsletter/manage',
    noindex: true,
  });
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

/** Reads the preferences only: nothing changes on a GET. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  const { database } = context.get(appContext);
  const { state, subscriber } = await inspectToken(database.db, token, ['manage'], new Date());
  if (state !== 'valid' || !subscriber || !token) return { subscriber: null, expired: state === 'expired' };
  return {
    expired: false,
    subscriber: {
      token,
      email: subscriber.email,
      firstName: subscriber.firstName ?? '',
      tags: subscriber.tags,
      status: subscriber.status,
    },
  };
}

export default function NewsletterManage({ loaderData }: Route.ComponentProps) {
  return <ManageFormIsland subscriber={loaderData.subscriber} expired={loaderData.expired} />;
}
