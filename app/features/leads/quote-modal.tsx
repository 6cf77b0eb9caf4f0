/**
 * The quote modal (docs/product.md §2.7, §3.2, §5.1, §8.2): who you are, your project, budget and timing.
 * Opened by a lead button (lead-button.tsx), possibly with a service preselected. Its form lives inside the
 * dialog's content, which unmounts on close: reopening always starts from an empty form and a fresh
 * "opened at" time, so a preselection never outlives its opening.
 */

import { CheckCircle2, FileText, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  BUDGET_OPTIONS,
  PHONE_PLACEHOLDER,
  QUOTE_OTHER_SERVICE,
  TIMELINE_OPTIONS,
} from '#common/constants.ts';
import { composeQuoteMessage } from '#common/lead-message.ts';
import { QuoteFormSchema } from '#common/schemas/leads.ts';
import {
  FormSection,
  SelectField,
  Sending,
  TextAreaField,
  TextField,
  useFocusFirstInvalid,
} from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { applyFieldErrors } from '~/lib/api';
import { toast } from '~/lib/toast';
import { draftResolver, type FormDraft, Honeypot, useServiceOptions } from './form-fields';
import type { LeadSent } from './lead-confirmation';
import { leadField, newSubmission, toastSubmitError, useSubmitLead, wasKeptOffline } from './use-submit-lead';

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

type QuoteDraft = FormDraft<typeof QuoteFormSchema>;

const EMPTY: QuoteDraft = {
  fullName: '',
  email: '',
  phone: '',
  company: '',
  serviceType: '',
  projectDescription: '',
  budget: '',
  timeline: '',
};
const FIELDS = Object.keys(EMPTY) as (keyof QuoteDraft)[];

export default function QuoteModal({ open, service, onClose, onSent, returnFocusTo }: LeadModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <LeadDialogOverlay />
        <QuoteDialog service={service} onClose={onClose} onSent={onSent} returnFocusTo={returnFocusTo} />
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function QuoteDialog({ service, onClose, onSent, returnFocusTo }: Omit<LeadModalProps, 'open'>) {
  const [openedAt] = useState(() => Date.now());
  const honeypot = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const serviceOptions = useServiceOptions(QUOTE_OTHER_SERVICE, service);
  const submit = useSubmitLead();
  const pending = submit.isPending;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, submitCount },
  } = useForm({
    resolver: draftResolver(QuoteFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // useFocusFirstInvalid brings the field into view with its label, then focuses it.
    shouldFocusError: false,
    defaultValues: { ...EMPTY, serviceType: service ?? '' },
  });

  useFocusFirstInvalid(formRef, submitCount);

  const onSubmit = handleSubmit(({ source: _source, ...values }) => {
    const submission = newSubmission({
      source: 'quote_request',
      fullName: values.fullName,
      email: values.email,
      phone: values.phone,
      company: values.company,
      serviceType: values.serviceType,
      message: composeQuoteMessage(values),
      details: {
        projectDescription: values.projectDescription,
        budget: values.budget,
        timeline: values.timeline,
      },
      website: honeypot.current?.value ?? '',
      elapsedMs: Date.now() - openedAt,
    });
    submit.mutate(submission, {
      onSuccess: (result) => {
        toast({
          title: 'Demande envoyée avec succès !',
          description: 'Nous vous recontacterons sous 24h avec votre devis personnalisé.',
        });
        reset(EMPTY);
        onSent?.({ kind: 'quote', email: values.email, queued: wasKeptOffline(result) });
        onClose();
      },
      onError: (error) => {
        applyFieldErrors(error, setError, FIELDS, leadField());
        toastSubmitError(error);
      },
    });
  });

  return (
    <LeadDialogContent
      title="Obtenez votre devis personnalisé"
      description="Réponse garantie sous 24h"
      icon={<FileText className="size-5" aria-hidden="true" />}
      pending={pending}
      returnFocusTo={returnFocusTo}
    >
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
        <LeadDialogBody>
          <Honeypot ref={honeypot} />
          <FormSection title="Vos informations">
            <TextField
              label="Nom complet"
              autoComplete="name"
              error={errors.fullName?.message}
              {...register('fullName')}
            />
            <TextField
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              label="Téléphone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={PHONE_PLACEHOLDER}
              error={errors.phone?.message}
              {...register('phone')}
            />
            <TextField
              label="Entreprise"
              autoComplete="organization"
              error={errors.company?.message}
              {...register('company')}
            />
          </FormSection>

          <FormSection title="Votre projet">
            <Controller
              control={control}
              name="serviceType"
              render={({ field }) => (
                <SelectField
                  label="Service souhaité"
                  options={serviceOptions}
                  error={errors.serviceType?.message}
                  className="sm:col-span-2"
                  {...field}
                />
              )}
            />
            <TextAreaField
              label="Description du projet"
              placeholder="Vos objectifs, votre public, ce que vous avez déjà en place…"
              error={errors.projectDescription?.message}
              className="sm:col-span-2"
              {...register('projectDescription')}
            />
          </FormSection>

          <FormSection title="Budget & Planning">
            <SelectField
              label="Budget indicatif"
              options={BUDGET_OPTIONS}
              error={errors.budget?.message}
              {...register('budget')}
            />
            <SelectField
              label="Délais souhaités"
              options={TIMELINE_OPTIONS}
              error={errors.timeline?.message}
              {...register('timeline')}
            />
          </FormSection>

          <section
            aria-labelledby="quote-commitment"
            className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100"
          >
            <h3 id="quote-commitment" className="text-sm font-semibold text-brand-900">
              Notre engagement
            </h3>
            <ul className="mt-2 grid gap-1.5 text-sm text-gray-800 sm:grid-cols-3">
              {[
                'Réponse personnalisée sous 24h',
                'Devis détaillé gratuit',
                'Accompagnement projet dédié',
              ].map((item) => (
                <li key={item} className="flex items-start gap-2">
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
          </section>
        </LeadDialogBody>

        <LeadDialogFooter>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Annuler
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? (
              <Sending />
            ) : (
              <>
                <span className="hidden sm:inline">Devis gratuit</span>
                <span className="sm:hidden">Envoyer</span>
              </>
            )}
          </Button>
        </LeadDialogFooter>
      </form>
    </LeadDialogContent>
  );
}

// ---------------------------------------------------------------------------------------------
// The dialog frame shared with the call modal: full screen on a phone (header, scrolling fields,
// buttons always reachable at the bottom), a centred card from 640 px.
// ---------------------------------------------------------------------------------------------
export function LeadDialogOverlay() {
  return <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />;
}

type LeadDialogContentProps = {
  title: string;
  description: string;
  icon: ReactNode;
  pending: boolean;
  returnFocusTo?: HTMLElement | null;
  children: ReactNode;
};

export function LeadDialogContent({
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
      <Dialog.Close asChild>
        <Button
          variant="ghost"
          size="icon"
          className="absolute top-3 right-3"
          aria-label="Fermer"
          disabled={pending}
        >
          <X className="size-5" aria-hidden="true" />
        </Button>
      </Dialog.Close>
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

/** The fields, scrolling between the fixed title and buttons; --field-scroll-margin: see FieldFrame. */
export function LeadDialogBody({ children }: { children: ReactNode }) {
  return (
    <div className="relative min-h-0 flex-1 space-y-6 overflow-y-auto overscroll-contain px-4 py-5 [--field-scroll-margin:1rem] sm:px-6">
      {children}
    </div>
  );
}

export function LeadDialogFooter({ children }: { children: ReactNode }) {
  return (
    <div className="flex shrink-0 gap-3 border-t border-gray-100 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] *:min-w-0 *:flex-1 sm:justify-end sm:px-6 sm:pt-4 sm:pb-4 sm:*:flex-none">
      {children}
    </div>
  );
}
