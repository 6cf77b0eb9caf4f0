/**
 * The confirmation before a destructive or visible action of the back-office (delete, unpublish,
 * deactivate, erase): a plain question, what happens, and the confirm button. Nothing happens
 * until that button is pressed; while the request runs the dialog stays open.
 */
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { type DialogProps, dialogContentClass, dialogOverlayClass } from './dialog-frame';

// The Button's variants are all green or neutral; a destructive action gets its own red.
export const dangerButtonClass =
  'inline-flex h-11 items-center justify-center gap-2 rounded-md bg-red-700 px-5 font-medium whitespace-nowrap text-white transition-colors hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:pointer-events-none disabled:opacity-60';

type ConfirmDialogProps = DialogProps & {
  title: ReactNode;
  /** What happens: the dialog's accessible description. */
  children: ReactNode;
  /** Controls below the description, not read as part of it (a choice to make before confirming). */
  extra?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Keeps the confirm button disabled, e.g. until a required choice is made. */
  confirmDisabled?: boolean;
  danger?: boolean;
  onConfirm: () => void;
};

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  extra,
  confirmLabel,
  pendingLabel,
  pending,
  confirmDisabled = false,
  danger = true,
  onConfirm,
}: ConfirmDialogProps) {
  const disabled = pending || confirmDisabled;
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClass} />
        <AlertDialog.Content className={dialogContentClass}>
          <div className="space-y-3 overflow-y-auto px-5 py-5">
            <AlertDialog.Title className="text-lg font-bold wrap-anywhere text-gray-900">
              {title}
            </AlertDialog.Title>
            <AlertDialog.Description asChild>
              <div className="space-y-2 text-sm text-gray-700">{children}</div>
            </AlertDialog.Description>
            {extra}
          </div>
          <div className="flex flex-wrap justify-end gap-3 border-t border-gray-100 px-5 py-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={pending}>
                Annuler
              </Button>
            </AlertDialog.Cancel>
            {danger ? (
              <button type="button" className={dangerButtonClass} disabled={disabled} onClick={onConfirm}>
                {pending ? pendingLabel : confirmLabel}
              </button>
            ) : (
              <Button disabled={disabled} onClick={onConfirm}>
                {pending ? pendingLabel : confirmLabel}
              </Button>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * The confirmation of an action on `item` (the row whose button asked), open while there is one:
 * `onConfirm` acts on it, `onClose` drops it.
 */
export function ItemConfirmDialog<T>({
  item,
  onClose,
  onConfirm,
  ...props
}: Omit<ConfirmDialogProps, 'open' | 'onOpenChange' | 'onConfirm'> & {
  item: T | null;
  onClose: () => void;
  onConfirm: (item: T) => void;
}) {
  return (
    <ConfirmDialog
      {...props}
      open={item !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      onConfirm={() => (item === null ? undefined : onConfirm(item))}
    />
  );
}
