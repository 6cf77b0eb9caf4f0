/**
 * The toast viewport (docs/product.md §9.7): one toast at a time, 5 s by default, F8 to reach it, swipe right
 * past 50 px to dismiss. Loaded lazily by ToastMount on the first toast, so Radix Toast stays out
 * of every page's first load; call `toast()` from ~/lib/toast to show one.
 */
import X from 'lucide-react/icons/x';
import { Toast } from 'radix-ui';
import { type CSSProperties, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { TOAST_DURATION, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from '#common/constants.ts';
import { cn } from '~/lib/cn';
import { dismissToast, getServerToastSnapshot, getToastSnapshot, subscribeToasts } from '~/lib/toast';

/**
 * Where the page's sticky header ends (0 without one): on phones a toast sits below it, so that it
 * never covers the header's buttons (the back-office's menu, the site's "Devis" and menu). Live
 * lead toasts come one after another in the back-office, and the menu stayed under them.
 */
function stickyHeaderBottom() {
  const header = document.querySelector('[data-sticky-header]');
  return Math.max(0, Math.round(header?.getBoundingClientRect().bottom ?? 0));
}

export function Toaster() {
  const item = useSyncExternalStore(subscribeToasts, getToastSnapshot, getServerToastSnapshot);
  const destructive = item?.variant === 'destructive';
  const [top, setTop] = useState(0);
  // Measured for each toast, before it is painted: the header differs between the site and the
  // back-office, and the back-office has none from 1024 px.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again for each new toast.
  useLayoutEffect(() => setTop(stickyHeaderBottom()), [item?.id]);
  return (
    // At the top on phones (under the sticky header), where the bottom holds a form's buttons;
    // bottom right from 640 px.
    <Toast.Provider
      label="Notification"
      duration={TOAST_DURATION}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {item ? (
        // A new id mounts a new Root: the previous toast is replaced, never stacked.
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          duration={item.duration}
          type={destructive ? 'foreground' : 'background'}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-11 shadow-lg',
            'transition-[transform,opacity] duration-200 ease-out starting:translate-x-4 starting:opacity-0',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
            'data-[swipe=cancel]:translate-x-0',
            'data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            'motion-reduce:transition-none',
            destructive ? 'border-red-700 bg-red-700 text-white' : 'border-gray-200 bg-white text-gray-900',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className={cn('text-sm', destructive ? 'text-white' : 'text-gray-700')}>
                {item.description}
              </Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Fermer la notification"
            className={cn(
              'absolute top-2 right-2 flex size-8 items-center justify-center rounded-md focus-visible:outline-2',
              destructive
                ? 'text-white hover:bg-red-800 focus-visible:outline-white'
                : 'text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-brand-700',
            )}
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ) : null}
      <Toast.Viewport
        hotkey={[TOAST_HOTKEY]}
        label="Notifications ({hotkey})"
        style={{ '--toast-top': `${top}px` } as CSSProperties}
        className="pointer-events-none fixed top-(--toast-top) right-0 z-[100] sm:top-auto sm:bottom-0 m-0 flex w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </Toast.Provider>
  );
}

export default Toaster;
