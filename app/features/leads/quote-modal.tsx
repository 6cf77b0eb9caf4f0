/**
 * The quote modal (docs/product.md §2.7, §3.2, §5.1, §8.2): who you are, your project, budget and timing.
 * Opened by a lead button (lead-button.tsx), possibly with a service preselected. Its form lives inside the
 * dialog's content, which unmounts on close: reopening always starts from an empty form and a fresh
 * "opened at" time, so a preselection never outlives its opening.
 */

import CheckCircle2 from 'lucide-react/icons/circle-check';
import FileText from 'lucide-react/icons/file-text';
import { BUDGET_OPTIONS, QUOTE_OTHER_SERVICE, TIMELINE_OPTIONS } from '#common/constants.ts';
import { QuoteFormSchema } from '#common/schemas/leads.ts';
import { FormSection, SelectField, TextAreaField } from '~/components/form-fields';
import { ContactFields, ServiceSelect, useServiceOptions } from './form-fields';
import { LeadDialogForm, type LeadDialogProps, leadModal } from './lead-dialog';
import { contactAnswers, useLeadForm } from './use-lead-form';
import { wasKeptOffline } from './use-submit-lead';

function QuoteDialog({ service, onClose, onSent, returnFocusTo }: LeadDialogProps) {
  const serviceOptions = useServiceOptions(QUOTE_OTHER_SERVICE, service);
  const lead = useLeadForm(QuoteFormSchema, { serviceType: service ?? '' });
  const { field, control, handleSubmit } = lead;

  const onSubmit = handleSubmit(({ source: _source, ...values }) =>
    lead.send(
      {
        source: 'quote_request',
        ...contactAnswers(values),
        serviceType: values.serviceType,
        details: {
          projectDescription: values.projectDescription,
          budget: values.budget,
          timeline: values.timeline,
        },
      },
      {
        success: {
          title: 'Demande envoyée avec succès !',
          description: 'Nous vous recontacterons sous 24h avec votre devis personnalisé.',
        },
        onSent: (result) => {
          onSent?.({ kind: 'quote', email: values.email, queued: wasKeptOffline(result) });
          onClose();
        },
      },
    ),
  );

  return (
    <LeadDialogForm
      lead={lead}
      title="Obtenez votre devis personnalisé"
      description="Réponse garantie sous 24h"
      icon={<FileText className="size-5" aria-hidden="true" />}
      returnFocusTo={returnFocusTo}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel={
        <>
          <span className="hidden sm:inline">Devis gratuit</span>
          <span className="sm:hidden">Envoyer</span>
        </>
      }
    >
      <FormSection title="Vos informations">
        <ContactFields field={field} />
      </FormSection>

      <FormSection title="Votre projet">
        <ServiceSelect
          control={control}
          name="serviceType"
          label="Service souhaité"
          options={serviceOptions}
          className="sm:col-span-2"
        />
        <TextAreaField
          label="Description du projet"
          placeholder="Vos objectifs, votre public, ce que vous avez déjà en place…"
          className="sm:col-span-2"
          {...field('projectDescription')}
        />
      </FormSection>

      <FormSection title="Budget & Planning">
        <SelectField label="Budget indicatif" options={BUDGET_OPTIONS} {...field('budget')} />
        <SelectField label="Délais souhaités" options={TIMELINE_OPTIONS} {...field('timeline')} />
      </FormSection>

      <section
        aria-labelledby="quote-commitment"
        className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100"
      >
        <h3 id="quote-commitment" className="text-sm font-semibold text-brand-900">
          Notre engagement
        </h3>
        <ul className="mt-2 grid gap-1.5 text-sm text-gray-800 sm:grid-cols-3">
          {['Réponse personnalisée sous 24h', 'Devis détaillé gratuit', 'Accompagnement projet dédié'].map(
            (item) => (
              <li key={item} className="flex items-start gap-2">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                {item}
              </li>
            ),
          )}
        </ul>
      </section>
    </LeadDialogForm>
  );
}

export default leadModal(QuoteDialog);
