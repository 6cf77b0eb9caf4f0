/**
 * The session-expiry dialog (docs/product.md §2.10, §4.4): opens after 25 minutes without activity with the
 * time left as m:ss; 'Rester connecté' or 'Me déconnecter'. An alert dialog: Escape or a click outside does
 * not dismiss it by accident, only its buttons decide.
 */
import Clock from 'lucide-react/icons/clock';
import { AlertDialog } from 'radix-ui';
import { Button } from '~/components/ui/button';
import { formatCountdown } from './session';

export function SessionExpiryDialog({
  open,
  remaining,
  onStay,
  onLogout,
}: {
  open: boolean;
  remaining: number;
  onStay: () => void;
  onLogout: () => void;
}) {
  return (
    <AlertDialog.Root open={open}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-gray-900/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <div className="flex items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800">
              <Clock className="size-5" aria-hidden="true" />
            </span>
            <div>
              <AlertDialog.Title className="text-lg font-semibold text-gray-900">
                Votre session va expirer
              </AlertDialog.Title>
              <AlertDialog.Description className="mt-1 text-sm text-gray-700">
                Sans activité de votre part, vous serez déconnecté dans{' '}
                <span
                  className="font-mono text-base font-semibold text-gray-900"
                  data-testid="session-countdown"
                >
                  {formatCountdown(remaining)}
                </span>
                .
              </AlertDialog.Description>
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" onClick={onLogout}>
                Me déconnecter
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button onClick={onStay}>Rester connecté</Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
