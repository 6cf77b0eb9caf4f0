/**
 * "Ils nous font confiance" (docs/decisions/087-client-logos.md): the visible client logos, on the
 * home page and About. Grey and a little faded by default, so that the row reads as one band and
 * no client's colours outshout the page; each in its own colours on hover or keyboard focus.
 * Two columns at 320 px, six on a laptop: it never scrolls sideways.
 */
import type { PublicClientLogo } from '#common/api-types.ts';
import { ClientLogoMark } from '~/components/client-logo';
import { ExternalLink } from '~/components/ui/external-link';
import { cn } from '~/lib/cn';

/** Grey until the pointer or the keyboard reaches it (the `group` is the list item or the link). */
const TONE =
  'grayscale opacity-70 transition duration-200 group-hover:grayscale-0 group-hover:opacity-100 group-focus-visible:grayscale-0 group-focus-visible:opacity-100 motion-reduce:transition-none';

export function ClientLogosSection({
  logos,
  titleId,
  className,
}: {
  logos: PublicClientLogo[];
  titleId: string;
  className?: string;
}) {
  if (logos.length === 0) return null;
  // A band rather than a full section: a small heading, as logo rows go, keeps it short on phones.
  return (
    // Its height while it waits for the screen (decision 093): measured with the seed's logos at 360,
    // 768 and 1280 px, where the default 40rem is more than twice as tall. With estimates close to
    // the real heights, the browser's first choice of what to render at load is its last.
    <section
      aria-labelledby={titleId}
      className={cn(
        'px-4 py-8 [--render-estimate:17rem] sm:py-10 sm:[--render-estimate:14rem] lg:[--render-estimate:11rem]',
        className,
      )}
    >
      <div className="mx-auto max-w-6xl">
        <h2 id={titleId} className="text-center text-sm font-semibold tracking-wide text-gray-700 uppercase">
          Ils nous font confiance
        </h2>
        <ul className="mt-5 grid grid-cols-2 items-center gap-x-3 gap-y-3 sm:grid-cols-3 sm:gap-x-6 lg:grid-cols-6">
          {logos.map((logo, index) => (
            <li key={logo.id} className="group flex min-w-0 justify-center" data-testid="client-logo">
              {logo.websiteUrl ? (
                <ExternalLink
                  href={logo.websiteUrl}
                  label={`${logo.name} (nouvel onglet)`}
                  className="group flex min-w-0 justify-center rounded-lg p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                >
                  <ClientLogoMark logo={logo} index={index} className={TONE} />
                </ExternalLink>
              ) : (
                <ClientLogoMark logo={logo} index={index} className={cn(TONE, 'p-1')} />
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
