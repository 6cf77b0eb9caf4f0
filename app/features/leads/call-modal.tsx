/**
 * The discovery-call modal (docs/product.md §2.8, §3.2, §5.2, §8.2): a free 30-minute call without
 * commitment. Like the quote modal, its form lives in the dialog's content: opening with a service fills the
 * service field, opening without leaves it empty, and closing forgets everything.
 */

import { CalendarClock } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  CALL_GENERAL_SERVICE,
  DISCOVERY_CALL_MINUTES,
  DISCUSSION_TYPES,
  PHONE_PLACEHOLDER,
  PREFERRED_SLOTS,
  URGENCY_OPTIONS,
} from '#common/constants.ts';
import { composeCallMessage } from '#common/lead-message.ts';
import { CallFormSchema } from '#common/schemas/leads.ts';
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
import {
  LeadDialogBody,
  LeadDialogContent,
  LeadDialogFooter,
  LeadDialogOverlay,
  type LeadModalProps,
} from './quote-modal';
import { leadField, newSubmission, toastSubmitError, useSubmitLead, wasKeptOffline } from './use-submit-lead';

type CallDraft = FormDraft<typeof CallFormSchema>;

const EMPTY: CallDraft = {
  fullName: '',
  email: '',
  phone: '',
  company: '',
  serviceInterest: '',
  callType: '',
  preferredTime: '',
  urgency: '',
  message: '',
};
const FIELDS = Object.keys(EMPTY) as (keyof CallDraft)[];

/** Empty optional answers are left out of the request rather than sent as "". */
const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

export default function CallModal({ open, service, onClose, onSent, returnFocusTo }: LeadModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <LeadDialogOverlay />
        <CallDialog service={service} onClose={onClose} onSent={onSent} returnFocusTo={returnFocusTo} />
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CallDialog({ service, onClose, onSent, returnFocusTo }: Omit<LeadModalProps, 'open'>) {
  const [openedAt] = useState(() => Date.now());
  const honeypot = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const serviceOptions = useServiceOptions(CALL_GENERAL_SERVICE, service);
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
    resolver: draftResolver(CallFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // useFocusFirstInvalid brings the field into view with its label, then focuses it.
    shouldFocusError: false,
    defaultValues: { ...EMPTY, serviceInterest: service ?? '' },
  });

  useFocusFirstInvalid(formRef, submitCount);

  const onSubmit = handleSubmit(({ source: _source, ...values }) => {
    const message = optional(values.message);
    const submission = newSubmission({
      source: 'call_request',
      fullName: values.fullName,
      email: values.email,
      phone: optional(values.phone),
      company: optional(values.company),
      serviceType: values.serviceInterest,
      message: composeCallMessage(values),
      details: {
        callType: values.callType,
        preferredTime: values.preferredTime,
        urgency: values.urgency,
        ...(message ? { message } : {}),
      },
      website: honeypot.current?.value ?? '',
      elapsedMs: Date.now() - openedAt,
    });
    // JSON.stringify drops the undefined optional fields: they are omitted, not sent empty.
    submit.mutate(submission, {
      onSuccess: (result) => {
        toast({
          title: "Demande d'appel envoyée avec succès !",
          description: 'Nous vous recontacterons sous 24h pour planifier votre appel découverte.',
        });
        reset(EMPTY);
        onSent?.({ kind: 'call', email: values.email, queued: wasKeptOffline(result) });
        onClose();
      },
      onError: (error) => {
        applyFieldErrors(error, setError, FIELDS, leadField({ serviceType: 'serviceInterest' }));
        toastSubmitError(error);
      },
    });
  });

  return (
    <LeadDialogContent
      title="Planifions un appel découverte"
      description={`Un appel gratuit de ${DISCOVERY_CALL_MINUTES} minutes, sans engagement, pour parler de votre projet.`}
      icon={<CalendarClock className="size-5" aria-hidden="true" />}
      pending={pending}
      returnFocusTo={returnFocusTo}
    >
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
        <LeadDialogBody>
          <Honeypot ref={honeypot} />
          <FormSection title="Vos coordonnées">
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
              optional
              error={errors.phone?.message}
              {...register('phone')}
            />
            <TextField
              label="Entreprise"
              autoComplete="organization"
              optional
              error={errors.company?.message}
              {...register('company')}
            />
          </FormSection>

          <FormSection title="Votre appel">
            <Controller
              control={control}
              name="serviceInterest"
              render={({ field }) => (
                <SelectField
                  label="Service qui vous intéresse"
                  options={serviceOptions}
                  error={errors.serviceInterest?.message}
                  {...field}
                />
              )}
            />
            <SelectField
              label="Type de discussion"
              options={DISCUSSION_TYPES}
              error={errors.callType?.message}
              {...register('callType')}
            />
            <SelectField
              label="Créneau préféré"
              options={PREFERRED_SLOTS}
              error={errors.preferredTime?.message}
              {...register('preferredTime')}
            />
            <SelectField
              label="Urgence"
              options={URGENCY_OPTIONS}
              error={errors.urgency?.message}
              {...register('urgency')}
            />
            <TextAreaField
              label="Message"
              optional
              placeholder="Ce dont vous aimeriez parler pendant l'appel…"
              error={errors.message?.message}
              className="sm:col-span-2"
              {...register('message')}
            />
          </FormSection>
        </LeadDialogBody>

        <LeadDialogFooter>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Annuler
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Sending /> : "Planifier l'appel"}
          </Button>
        </LeadDialogFooter>
      </form>
    </LeadDialogContent>
  );
}
