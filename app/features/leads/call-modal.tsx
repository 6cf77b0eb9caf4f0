/**
 * The discovery-call modal (docs/product.md §2.8, §3.2, §5.2, §8.2): a free 30-minute call without
 * commitment. Like the quote modal, its form lives in the dialog's content: opening with a service fills the
 * service field, opening without leaves it empty, and closing forgets everything.
 */

import CalendarClock from 'lucide-react/icons/calendar-clock';
import {
  CALL_GENERAL_SERVICE,
  DISCOVERY_CALL_MINUTES,
  DISCUSSION_TYPES,
  PREFERRED_SLOTS,
  URGENCY_OPTIONS,
} from '#common/constants.ts';
import { CallFormSchema } from '#common/schemas/leads.ts';
import { FormSection, SelectField, TextAreaField } from '~/components/form-fields';
import { ContactFields, ServiceSelect, useServiceOptions } from './form-fields';
import { LeadDialogForm, type LeadDialogProps, leadModal } from './lead-dialog';
import { contactAnswers, optional, useLeadForm } from './use-lead-form';
import { wasKeptOffline } from './use-submit-lead';

function CallDialog({ service, onClose, onSent, returnFocusTo }: LeadDialogProps) {
  const serviceOptions = useServiceOptions(CALL_GENERAL_SERVICE, service);
  const lead = useLeadForm(CallFormSchema, { serviceInterest: service ?? '' });
  const { field, control, handleSubmit } = lead;

  const onSubmit = handleSubmit(({ source: _source, ...values }) => {
    const message = optional(values.message);
    // The phone and company are sent even when empty (the specification's payload); the optional
    // note is left out of `details` when empty.
    lead.send(
      {
        source: 'call_request',
        ...contactAnswers(values),
        serviceType: values.serviceInterest,
        details: {
          callType: values.callType,
          preferredTime: values.preferredTime,
          urgency: values.urgency,
          ...(message ? { message } : {}),
        },
      },
      {
        // The toast tells what the confirmation card says: pick the time now when someone is
        // bookable (docs/decisions/077), else the call back within 24 hours.
        success: (result) => ({
          title: 'Demande d’appel envoyée avec succès !',
          description:
            !wasKeptOffline(result) && result.bookingPath
              ? 'Choisissez dès maintenant l’heure de votre appel : « Choisir mon créneau ».'
              : 'Nous vous recontacterons sous 24h pour planifier votre appel découverte.',
        }),
        rename: { serviceType: 'serviceInterest' },
        onSent: (result) => {
          onSent?.(
            wasKeptOffline(result)
              ? { kind: 'call', email: values.email, queued: true }
              : { kind: 'call', email: values.email, queued: false, bookingPath: result.bookingPath },
          );
          onClose();
        },
      },
    );
  });

  return (
    <LeadDialogForm
      lead={lead}
      title="Planifions un appel découverte"
      description={`Un appel gratuit de ${DISCOVERY_CALL_MINUTES} minutes, sans engagement, pour parler de votre projet.`}
      icon={<CalendarClock className="size-5" aria-hidden="true" />}
      returnFocusTo={returnFocusTo}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel="Planifier l’appel"
    >
      <FormSection title="Vos coordonnées">
        <ContactFields field={field} phoneAndCompanyOptional />
      </FormSection>

      <FormSection title="Votre appel">
        <ServiceSelect
          control={control}
          name="serviceInterest"
          label="Service qui vous intéresse"
          options={serviceOptions}
        />
        <SelectField label="Type de discussion" options={DISCUSSION_TYPES} {...field('callType')} />
        <SelectField label="Créneau préféré" options={PREFERRED_SLOTS} {...field('preferredTime')} />
        <SelectField label="Urgence" options={URGENCY_OPTIONS} {...field('urgency')} />
        <TextAreaField
          label="Message"
          optional
          placeholder="Ce dont vous aimeriez parler pendant l’appel…"
          className="sm:col-span-2"
          {...field('message')}
        />
      </FormSection>
    </LeadDialogForm>
  );
}

export default leadModal(CallDialog);
