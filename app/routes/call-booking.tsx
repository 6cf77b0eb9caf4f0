import { CallPageQuerySchema } from '#common/schemas/calls.ts';
import { appContext } from '~/context.server';
import { CallBookingIsland, type CallBookingProps } from '~/features/leads/call-booking';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/call-booking';
// Used in the loader only: React Router drops it from the client bundle.
import { HttpError } from './call-booking.server';

/**
 * /appel-decouverte?token=… (docs/decisions/077-call-booking.md): the lead's own page, opened by
 * the link of the call modal and of the emails, where the visitor picks the call's time, moves it
 * or cancels it. Rendered with the slots on Kinshasa's clock; the island reads them again on the
 * visitor's when the device is elsewhere. Never cached, never indexed.
 */
export const meta = pageMeta('call.booking', 'Choisissez l’heure de votre appel découverte gratuit.', {
  noindex: true,
});

export function headers() {
  return { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<CallBookingProps> {
  const parsed = CallPageQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return { state: 'invalid' };
  const { database, calls } = context.get(appContext);
  try {
    return {
      state: 'valid',
      token: parsed.data.token,
      page: await calls.page(database.db, parsed.data.token, undefined),
    };
  } catch (error) {
    if (error instanceof HttpError && error.status === 410) return { state: 'expired' };
    if (error instanceof HttpError && error.status === 404) return { state: 'invalid' };
    throw error;
  }
}

export default function CallBooking({ loaderData }: Route.ComponentProps) {
  return <CallBookingIsland {...loaderData} />;
}
