/**
 * The /contact page form: a plain message to the agency, sent to POST /api/contact with the
 * source 'website'. Same validation habits, errors and toasts as the quote and call modals.
 * Rendered inside a QueryProvider (the service list and the submission use TanStack Query): the
 * island (ContactFormIsland) brings its own.
 */

import CheckCircle2 from 'lucide-react/icons/circle-check';
import CloudOff from 'lucide-react/icons/cloud-off';
import Send from 'lucide-react/icons/send';
import { useEffect, useRef, useState } from 'react';
import { QUOTE_OTHER_SERVICE } from '#common/constants.ts';
import { ContactFormSchema } from '#common/schemas/leads.ts';
import { Sending, TextAreaField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { island } from '~/lib/island';
import { QueryProvider } from '~/lib/query';
import { useHydrated } from '~/lib/use-hydrated';
import { ContactFields, Honeypot, ServiceSelect, useServiceOptions } from './form-fields';
import { contactAnswers, useLeadForm } from './use-lead-form';
import { wasKeptOffline } from './use-submit-lead';

export function ContactForm() {
  const hydrated = useHydrated();
  const cardRef = useRef<HTMLElement>(null);
  const sentRef = useRef<HTMLElement>(null);
  // After a success the form gives way to a confirmation saying what happens next.
  const [sent, setSent] = useState<{ email: string; queued: boolean } | null>(null);
  const serviceOptions = useServiceOptions(QUOTE_OTHER_SERVICE);
  const lead = useLeadForm(ContactFormSchema);
  const { field, control, handleSubmit, formRef, honeypot, pending } = lead;

  // The confirmation replaces the form: bring the card into view (below the sticky header; on
  // phones the spec's toast covers no more than the card's title) unless the confirmation already
  // is, and move the focus to it, so that neither the eye nor a screen reader is left on a button
  // that is gone.
  useEffect(() => {
    const panel = sentRef.current;
    if (!sent || !panel) return;
    const box = panel.getBoundingClientRect();
    const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    if (box.top < headerBottom || box.bottom > window.innerHeight) {
      cardRef.current?.scrollIntoView({ block: 'start' });
    }
    panel.focus({ preventScroll: true });
  }, [sent]);

  const sendAnother = () => {
    setSent(null);
    // Once the form is shown again: its first field.
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('input:not([tabindex="-1"])')?.focus(),
    );
  };

  const onSubmit = handleSubmit((values) =>
    lead.send(
      {
        source: 'website',
        ...contactAnswers(values),
        serviceType: values.serviceType,
        message: values.message,
      },
      {
        success: { title: 'Message envoyé !', description: 'Merci, nous vous répondrons sous 24h.' },
        onSent: (result) => setSent({ email: values.email, queued: wasKeptOffline(result) }),
      },
    ),
  );

  return (
    <section
      ref={cardRef}
      aria-labelledby="contact-form-title"
      className="relative min-w-0 scroll-mt-20 rounded-2xl border border-gray-100 p-4 shadow-sm sm:p-8"
    >
      <h2 id="contact-form-title" className="text-xl font-bold text-gray-900">
        Écrivez-nous
      </h2>
      {sent ? null : (
        <p className="mt-1 text-sm text-gray-700">
          Tous les champs sont obligatoires, sauf ceux marqués « facultatif ».
        </p>
      )}
      {sent ? (
        <section
          ref={sentRef}
          tabIndex={-1}
          aria-labelledby="contact-sent-title"
          className="mt-6 rounded-xl bg-brand-50 p-3 ring-1 ring-brand-100 focus:outline-2 focus:outline-offset-2 focus:outline-brand-700 sm:p-5"
        >
          <div className="flex items-center gap-3">
            {sent.queued ? (
              <CloudOff className="size-6 shrink-0 text-amber-700" aria-hidden="true" />
            ) : (
              <CheckCircle2 className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
            )}
            <h3 id="contact-sent-title" className="min-w-0 text-lg font-bold text-gray-900">
              {sent.queued ? 'Message enregistré hors ligne' : 'Message bien reçu, merci !'}
            </h3>
          </div>
          <p className="mt-3 text-sm font-medium text-gray-900">Et maintenant ?</p>
          <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-gray-800">
            {sent.queued ? (
              <li>
                Votre connexion est coupée : le message est gardé sur cet appareil et partira automatiquement
                dès son retour.
              </li>
            ) : null}
            <li>
              Notre équipe lit votre message et vous répond sous 24h à{' '}
              <span className="font-medium text-gray-900 [overflow-wrap:anywhere]">{sent.email}</span>.
            </li>
            <li>
              Une urgence ? Appelez-nous ou écrivez-nous sur WhatsApp : nos coordonnées sont sur cette page.
            </li>
          </ol>
          <Button variant="secondary" className="mt-5 w-full sm:w-auto" onClick={sendAnother}>
            Envoyer un autre message
          </Button>
        </section>
      ) : null}
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        hidden={!!sent}
        className="mt-6 grid gap-4 sm:grid-cols-2"
      >
        <Honeypot ref={honeypot} />
        <ContactFields field={field} phoneAndCompanyOptional />
        <ServiceSelect
          control={control}
          name="serviceType"
          label="Service concerné"
          options={serviceOptions}
          className="sm:col-span-2"
        />
        <TextAreaField label="Message" rows={6} className="sm:col-span-2" {...field('message')} />
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

/** The island: its own root, so its own query provider (the tab's one query client). */
export function ContactFormRoot() {
  return (
    <QueryProvider>
      <ContactForm />
    </QueryProvider>
  );
}

export const ContactFormIsland = island('contact-form', ContactFormRoot);
