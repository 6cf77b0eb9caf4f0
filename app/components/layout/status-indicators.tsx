/**
 * The connectivity indicator (docs/product.md §2.13: tooltip 'En ligne' / 'Mode hors ligne') and the
 * installed-app indicator (same section), in the site's header. The server renders "online" and "not
 * installed"; the browser's real state follows right after hydration.
 */
import Smartphone from 'lucide-react/icons/smartphone';
import { useSyncExternalStore } from 'react';
import { cn } from '~/lib/cn';
import { usePwaState } from '~/lib/use-pwa-state.ts';

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * A dot with its tooltip, shown on hover and on keyboard focus. Its text for assistive technology
 * says what the dot is about (`name`): read in the page like any text, and announced when it
 * changes (a live status region announces its content, not an aria-label). The tooltip, only the
 * state (`label`, docs/product.md §2.13), is for the eyes: the same words are in that text.
 */
function Indicator({
  label,
  name = label,
  className,
  children,
}: {
  label: string;
  name?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <span
      role="status"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip must be reachable from the keyboard.
      tabIndex={0}
      className={cn(
        'group relative inline-flex size-8 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-700',
        className,
      )}
    >
      {children}
      <span className="sr-only">{name}</span>
      <span
        role="tooltip"
        aria-hidden="true"
        className="pointer-events-none absolute top-full left-1/2 z-50 mt-1 hidden -translate-x-1/2 rounded-md bg-gray-900 px-2 py-1 text-xs whitespace-nowrap text-white group-hover:block group-focus-visible:block"
      >
        {label}
      </span>
    </span>
  );
}

export function ConnectivityIndicator() {
  const online = useOnline();
  const label = online ? 'En ligne' : 'Mode hors ligne';
  return (
    <Indicator label={label} name={`Connexion : ${label}`}>
      <span
        aria-hidden="true"
        data-online={online}
        className={cn(
          'size-2.5 rounded-full',
          online ? 'bg-brand-600' : 'bg-amber-500 ring-2 ring-amber-200',
        )}
      />
    </Indicator>
  );
}

export function InstalledIndicator() {
  const { installed } = usePwaState();
  if (!installed) return null;
  return (
    <Indicator label="Application installée" className="text-brand-700">
      <Smartphone className="size-4" aria-hidden="true" />
    </Indicator>
  );
}
