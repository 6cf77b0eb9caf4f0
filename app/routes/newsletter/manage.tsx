import { ManageFormIsland } from '~/features/newsletter/manage-form';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/manage';
// Used in the loader and action only: React Router drops them from the client bundle.
import { inspectLinkToken } from './newsletter.server';

export const meta = pageMeta('newsletter.manage', 'Vos préférences de newsletter.', { noindex: true });

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

/** Reads the preferences only: nothing changes on a GET. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token, state, subscriber } = await inspectLinkToken(request, context, ['manage']);
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
