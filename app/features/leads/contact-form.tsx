/**
 * The /contact page form: a plain message to the agency, sent to POST /api/contact with the
 * source 'website'. Same validation habits, errors and toasts as the quote and call modals.
 * Rendered inside a QueryProvider (the service list and the submission use TanStack Query).
 */
import { Send } from 'lucide-react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { toast } from '~/lib/toast';
import { PHONE_PLACEHOLDER, QUOTE_OTHER_SERVICE } from '../../../common/constants.ts';
import { ContactFormSchema } from '../../../common/schemas/leads.ts';
import {
  draftResolver,
  type FormDraft,
  Honeypot,
  SelectField,
  Sending,
  TextAreaField,
  TextField,
  useServiceOptions,
} from './form-fields';
import { applyServerFieldErrors, newSubmission, toastSubmitError, useSubmitLead } from './use-submit-lead';

type ContactDraft = FormDraft<typeof ContactFormSchema>;

const EMPTY: ContactDraft = { fullName: '', email: '', phone: '', company: '', serviceType: '', message: '' };
const FIELDS = Object.keys(EMPTY) as (keyof ContactDraft)[];

const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

const noSubscription = () => () => {};
/** False in the server's HTML, true once React runs in the browser. */
function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function ContactForm() {
  const hydrated = useHydrated();
  const openedAt = useRef(0);
  useEffect(() => {
    openedAt.current = Date.now();
  }, []);
  const honeypot = useRef<HTMLInputElement>(null);
  const serviceOptions = useServiceOptions(QUOTE_OTHER_SERVICE);
  const submit = useSubmitLead();
  const pending = submit.isPending;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: draftResolver(ContactFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((values) => {
    const submission = newSubmission({
      source: 'website',
      fullName: values.fullName,
      email: values.email,
      phone: optional(values.phone),
      company: optional(values.company),
      serviceType: values.serviceType,
      message: values.message,
      website: honeypot.current?.value ?? '',
      elapsedMs: Date.now() - openedAt.current,
    });
    submit.mutate(submission, {
      onSuccess: () => {
        toast({ title: 'Message envoyé !', description: 'Merci, nous vous répondrons sous 24h.' });
        reset(EMPTY);
        if (honeypot.current) honeypot.current.value = '';
        // The next message is timed from now.
        openedAt.current = Date.now();
      },
      onError: (error) => {
        applyServerFieldErrors(error, FIELDS, setError);
        toastSubmitError(error);
      },
    });
  });

  return (
    <section
      aria-labelledby="contact-form-title"
      className="relative rounded-2xl border border-gray-100 p-6 shadow-sm sm:p-8"
    >
      <h2 id="contact-form-title" className="text-xl font-bold text-gray-900">
        Écrivez-nous
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Tous les champs sont obligatoires, sauf ceux marqués « facultatif ».
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-4 sm:grid-cols-2">
        <Honeypot ref={honeypot} />
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
        <Controller
          control={control}
          name="serviceType"
          render={({ field }) => (
            <SelectField
              label="Service concerné"
              options={serviceOptions}
              error={errors.serviceType?.message}
              className="sm:col-span-2"
              {...field}
            />
          )}
        />
        <TextAreaField
          label="Message"
          rows={6}
          error={errors.message?.message}
          className="sm:col-span-2"
          {...register('message')}
        />
        <div className="sm:col-span-2">
          {/* Disabled until React runs: a submission before that would be a plain GET with the answers in the URL. */}
          <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={!hydrated || pending}>
            {pending ? (
              <Sending />
            ) : (
              <>
                <Send className="size-4" aria-hidden="true" />
                Envoyer le message
              </>
            )}
          </Button>
        </div>
      </form>
    </section>
  );
}
