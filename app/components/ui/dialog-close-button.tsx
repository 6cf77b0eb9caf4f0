/**
 * The close button (an X in the corner) of the site's Radix dialogs: the lead modals, the
 * back-office's dialogs and its side panel. Placed by `className` (absolute, in a corner).
 */
import X from 'lucide-react/icons/x';
import { Dialog } from 'radix-ui';
import { Button } from './button';

export function DialogCloseButton({
  className,
  label = 'Fermer',
  disabled,
}: {
  className: string;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <Dialog.Close asChild>
      <Button variant="ghost" size="icon" className={className} aria-label={label} disabled={disabled}>
        <X className="size-5" aria-hidden="true" />
      </Button>
    </Dialog.Close>
  );
}
