/**
 * The dialog frame of the quote and call modals: full screen on a phone (header, scrolling fields,
 * buttons always reachable at the bottom), a centred card from 640 px. Its content, and so the
 * form in it, mounts at each opening: reopening always starts from an empty form and a fresh
 * fill time, so a preselection never outlives its opening.
 */
import { Dialog } from 'radix-ui';
import {
  type ComponentType,
  type FormEventHandler,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
} from 'react';
import { Sending } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { DialogCloseButton } from '~/components/ui/dialog-close-button';
import { Honeypot } from './form-fields';
import type { LeadSent } from './lead-confirmation';
import type { LeadForm } from './use-lead-form';

export type LeadModalProps = {
  open: boolean;
  /** The preselected service, if the modal was opened for one. */
  service?: string;
  onClose: () => void;
  /** Called on a successful (or kept offline) submission, just before the modal closes. */
  onSent?: (sent: LeadSent) => void;
  /** Where the focus goes back on close: the button that opened the modal. */
  returnFocusTo?: HTMLElement | null;
};

/** What a modal's form receives: the modal's props but `open` (it exists only while open). */
export type LeadDialogProps = Omit<LeadModalProps, 'open'>;

/** A lead modal: the dialog's root, its overlay, and `Form` rendered while it is open. */
export function leadModal(Form: ComponentType<LeadDialogProps>) {
  return function LeadModal({ open, ...props }: LeadModalProps) {
    return (
      <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : props.onClose())}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <Form {...props} />
        </Dialog.Portal>
      </Dialog.Root>
    );
  };
}

type LeadDialogFormProps = {
  /** From useLeadForm: what the frame needs of the form. */
  lead: Pick<LeadForm, 'formRef' | 'honeypot' | 'pending'>;
  title: string;
  description: string;
  icon: ReactNode;
  returnFocusTo?: HTMLElement | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  /** The submit button's label while no request is on its way. */
  submitLabel: ReactNode;
  /** The form's sections. */
  children: ReactNode;
};

/** The dialog with its form: the honeypot and `children` scrolling, "Annuler" and the submit button below. */
export function LeadDialogForm({
  lead,
  onSubmit,
  onClose,
  submitLabel,
  children,
  ...frame
}: LeadDialogFormProps) {
  const { pending } = lead;
  return (
    <LeadDialogContent {...frame} pending={pending}>
      <form ref={lead.formRef} noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
        {/* The fields, scrolling between the fixed title and buttons; --field-scroll-margin: see FieldFrame. */}
        <div className="relative min-h-0 flex-1 space-y-6 overflow-y-auto overscroll-contain px-4 py-5 [--field-scroll-margin:1rem] sm:px-6">
          <Honeypot ref={lead.honeypot} />
          {children}
        </div>
        <div className="flex shrink-0 gap-3 border-t border-gray-100 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] *:min-w-0 *:flex-1 sm:justify-end sm:px-6 sm:pt-4 sm:pb-4 sm:*:flex-none">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Annuler
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Sending /> : submitLabel}
          </Button>
        </div>
      </form>
    </LeadDialogContent>
  );
}

/** The frame around the form: its header (`title`, `description`, `icon`) and the focus on close. */
type LeadDialogContentProps = Pick<
  LeadDialogFormProps,
  'title' | 'description' | 'icon' | 'returnFocusTo'
> & {
  pending: boolean;
  children: ReactNode;
};

function LeadDialogContent({
  title,
  description,
  icon,
  pending,
  returnFocusTo,
  children,
}: LeadDialogContentProps) {
  const sheetRef = useRef<HTMLDivElement>(null);
  useVisualViewportBox(sheetRef);
  return (
    <Dialog.Content
      // A request on its way is not abandoned by a stray Escape or tap outside.
      onEscapeKeyDown={(event) => (pending ? event.preventDefault() : undefined)}
      onInteractOutside={(event) => (pending ? event.preventDefault() : undefined)}
      // The modal has no Dialog.Trigger (its buttons are all over the site): give the focus back
      // to the one that opened it, as a trigger would.
      onCloseAutoFocus={(event) => {
        if (returnFocusTo?.isConnected) {
          event.preventDefault();
          returnFocusTo.focus();
        }
      }}
      ref={sheetRef}
      // Phones: a full-height sheet the size of the visible area (100dvh, or the visual viewport
      // above the on-screen keyboard); from 640 px a centred card within the viewport's height.
      className="fixed inset-x-0 top-[var(--sheet-top,0px)] z-50 flex h-[var(--sheet-height,100dvh)] flex-col bg-white outline-none sm:inset-x-auto sm:top-1/2 sm:left-1/2 sm:h-auto sm:max-h-[min(90dvh,56rem)] sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:shadow-xl"
    >
      <div className="flex shrink-0 items-start gap-3 border-b border-gray-100 py-3 pr-14 pl-4 sm:py-4 sm:pl-6">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
          {icon}
        </span>
        <div className="min-w-0">
          <Dialog.Title className="text-lg font-bold text-gray-900 sm:text-xl">{title}</Dialog.Title>
          <Dialog.Description className="mt-0.5 text-sm font-medium text-brand-800">
            {description}
          </Dialog.Description>
        </div>
      </div>
      {children}
      {/* Last in the DOM so that the focus lands on the first field when the dialog opens. */}
      <DialogCloseButton className="absolute top-3 right-3" disabled={pending} />
    </Dialog.Content>
  );
}

/**
 * Keeps the phone sheet within the visual viewport: when the on-screen keyboard opens, browsers
 * that do not resize the layout (iOS Safari; Chrome without interactive-widget) would leave the
 * action buttons under it. Ignored while the page is pinch-zoomed.
 */
function useVisualViewportBox(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () => {
      const element = ref.current;
      if (!element) return;
      if (Math.abs(viewport.scale - 1) > 0.01) {
        element.style.removeProperty('--sheet-height');
        element.style.removeProperty('--sheet-top');
        return;
      }
      element.style.setProperty('--sheet-height', `${viewport.height}px`);
      element.style.setProperty('--sheet-top', `${viewport.offsetTop}px`);
    };
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, [ref]);
}
