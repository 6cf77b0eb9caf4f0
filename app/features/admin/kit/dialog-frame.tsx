/**
 * The frame of the back-office dialogs: a centred card that fits a 360 px phone (its body scrolls,
 * its buttons stay visible), a title, a description and a close button. While a request is on its
 * way, Escape and a tap outside do not close it.
 */
import { Dialog } from 'radix-ui';
import type { FormEventHandler, ReactNode } from 'react';
import { Sending } from '~/components/form-fields';
import { DialogCloseButton } from '~/components/ui/dialog-close-button';
import { cn } from '~/lib/cn';
import { FormActions } from './buttons';

export const dialogOverlayClass = 'fixed inset-0 z-50 bg-black/50';
export const dialogContentClass =
  'fixed top-1/2 left-1/2 z-50 flex max-h-[min(90dvh,48rem)] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-xl outline-none';

/** Whether a dialog is open, and what to call when it asks to open or close. */
export type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

export function AdminDialog({
  open,
  onOpenChange,
  title,
  description,
  pending = false,
  wide = false,
  children,
}: DialogProps & {
  title: string;
  description?: ReactNode;
  pending?: boolean;
  /** A content form (a team member, a service, a case study): wider from 1024 px, so that its
   * fields show their values instead of cutting them. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content
          className={cn(dialogContentClass, wide && 'lg:max-w-2xl')}
          onEscapeKeyDown={(event) => (pending ? event.preventDefault() : undefined)}
          onInteractOutside={(event) => (pending ? event.preventDefault() : undefined)}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="border-b border-gray-100 py-4 pr-14 pl-5">
            <Dialog.Title className="text-lg font-bold wrap-anywhere text-gray-900">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="mt-1 text-sm wrap-anywhere text-gray-600">
                {description}
              </Dialog.Description>
            ) : null}
          </div>
          {children}
          <DialogCloseButton className="absolute top-2 right-2" disabled={pending} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function DialogBody({ children }: { children: ReactNode }) {
  return <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 py-4">{children}</div>;
}

export function DialogFooter({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-end gap-3 border-t border-gray-100 px-5 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      {children}
    </div>
  );
}

/** A form in a dialog: its fields in the scrolling body, `footer` (its buttons) always in view. */
export function DialogForm({
  onSubmit,
  footer,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <DialogBody>{children}</DialogBody>
      <DialogFooter>{footer}</DialogFooter>
    </form>
  );
}

/**
 * A dialog that is one form (an account, a figure, a passkey's name, a password check): its fields,
 * then "Annuler" and the submit button, which says "Envoi en cours..." while `pending`; meanwhile
 * nothing closes it.
 */
export function FormDialog({
  title,
  description,
  submitLabel,
  pending,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** "Enregistrer" unless said. */
  submitLabel?: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open || pending ? undefined : onClose())}
      title={title}
      description={description}
      pending={pending}
    >
      <DialogForm
        onSubmit={onSubmit}
        footer={
          <FormActions
            pending={pending}
            onCancel={onClose}
            submitLabel={submitLabel}
            pendingLabel={<Sending />}
          />
        }
      >
        {children}
      </DialogForm>
    </AdminDialog>
  );
}
