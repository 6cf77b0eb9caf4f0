/**
 * One lead, in a side panel over the list: who, how to reach them (email, phone, WhatsApp: each
 * noted in its timeline when opened), its discovery call when it booked one (decision 078), the
 * visit that brought it (decision 084), the composed message as they sent it, its status (nouveau -> en_cours -> traite, and back), who
 * follows it, its next action and its timeline.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import Mail from 'lucide-react/icons/mail';
import MessageCircle from 'lucide-react/icons/message-circle';
import Phone from 'lucide-react/icons/phone';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Attribution } from '#common/audience.ts';
import { CONTACT_STATUSES, type ContactTouchKind } from '#common/enums.ts';
import { kinshasaDate } from '#common/kinshasa.ts';
import { type AdminContact, CONTACT_SOURCE_LABELS, CONTACT_STATUS_LABELS } from '#common/schemas/admin.ts';
import { CALL_STATUS_LABELS, type ContactCall } from '#common/schemas/booking-admin.ts';
import { EmailAddress } from '~/components/email-address';
import { Button } from '~/components/ui/button';
import { DialogCloseButton } from '~/components/ui/dialog-close-button';
import { cn } from '~/lib/cn';
import { cancelCallMutation, sendBookingLinkMutation } from '../bookings/data';
import { callWhen } from '../bookings/format';
import { MoveCallDialog } from '../bookings/move-call-dialog';
import { Badge } from '../kit/badge';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { formatDateTime } from '../kit/dates';
import { Lines, Loading, Panel } from '../kit/skeleton';
import { ErrorState } from '../kit/states';
import { FollowUpSection, TimelineSection } from './contact-follow-up';
import { ContactStatusBadge } from './contact-status-badge';
import { contactNotSpamMutation, contactQuery, contactStatusMutation, contactTouchMutation } from './data';
import { VisitSource } from './visit-source';

export function ContactDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  return (
    <Dialog.Root open={id !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/50" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-xl flex-col overflow-y-auto bg-white shadow-xl focus:outline-none">
          {id ? <ContactPanel id={id} /> : null}
          <DialogCloseButton className="absolute top-3 right-3" label="Fermer la fiche" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ContactPanel({ id }: { id: string }) {
  const contact = useQuery(contactQuery(id));
  if (contact.isPending) {
    return (
      <>
        <Dialog.Title className="sr-only">Fiche contact</Dialog.Title>
        <LeadSkeleton />
      </>
    );
  }
  if (contact.isError) {
    return (
      <>
        <Dialog.Title className="px-6 pt-6 text-lg font-semibold">Fiche contact</Dialog.Title>
        <ErrorState error={contact.error} onRetry={() => void contact.refetch()} />
      </>
    );
  }
  return (
    <ContactFacts
      contact={contact.data.contact}
      call={contact.data.call}
      attribution={contact.data.attribution}
    />
  );
}

/** The lead's panel while it loads: name and date, the status, the actions, the facts, the message. */
function LeadSkeleton() {
  return (
    <Loading className="flex flex-col gap-6 p-6">
      <div className="pr-10">
        <Lines size="title" widths={['w-2/3']} />
        <Lines widths={['w-1/2']} className="mt-1" />
      </div>
      <Lines widths={['w-1/3', 'w-full']} />
      <div className="flex gap-2">
        <div className="h-9 w-36 rounded-lg bg-gray-200" />
        <div className="h-9 w-24 rounded-lg bg-gray-200" />
      </div>
      <Lines widths={['w-5/6', 'w-2/3', 'w-3/4', 'w-1/2', 'w-2/3', 'w-1/2']} className="space-y-2" />
      <Panel lines={4} />
    </Loading>
  );
}

/** wa.me wants the international number in digits only. */
function whatsappLink(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 8 ? `https://wa.me/${digits}` : null;
}

function ContactFacts({
  contact,
  call,
  attribution,
}: {
  contact: AdminContact;
  call: ContactCall | null;
  attribution: Attribution | null;
}) {
  const phone = contact.phone ?? contact.phoneRaw;
  const whatsapp = phone ? whatsappLink(phone) : null;
  const touch = useMutation(contactTouchMutation());
  const logs = (kind: ContactTouchKind) => () => touch.mutate({ id: contact.id, kind });
  return (
    <div className="flex flex-col gap-6 p-6">
      <div className="pr-10">
        <Dialog.Title className="text-xl font-bold break-words text-gray-900">
          {contact.fullName}
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-gray-600">
          {CONTACT_SOURCE_LABELS[contact.source] ?? contact.source} · reçu le{' '}
          {formatDateTime(contact.createdAt)}
        </Dialog.Description>
      </div>

      {contact.reviewReason ? <ReviewNotice contact={contact} reason={contact.reviewReason} /> : null}

      {call ? <CallSummary call={call} leadName={contact.fullName} /> : null}
      {call?.status === 'confirmed' ? null : <OfferCall lead={contact} />}

      <StatusSwitcher contact={contact} />

      <div className="flex flex-wrap gap-2">
        <Button asChild variant="secondary" size="sm">
          <a href={`mailto:${contact.email}`} onClick={logs('email')}>
            <Mail className="size-4" aria-hidden="true" />
            Écrire un email
          </a>
        </Button>
        {phone ? (
          <Button asChild variant="secondary" size="sm">
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} onClick={logs('call')}>
              <Phone className="size-4" aria-hidden="true" />
              Appeler
            </a>
          </Button>
        ) : null}
        {whatsapp ? (
          <Button asChild variant="secondary" size="sm">
            <a href={whatsapp} target="_blank" rel="noopener noreferrer" onClick={logs('whatsapp')}>
              <MessageCircle className="size-4" aria-hidden="true" />
              WhatsApp
            </a>
          </Button>
        ) : null}
      </div>

      <dl className="grid grid-cols-1 gap-x-4 gap-y-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        <Fact label="Email">
          <EmailAddress email={contact.email} />
        </Fact>
        <Fact label="Téléphone">
          {contact.phoneDisplay ? <span className="whitespace-nowrap">{contact.phoneDisplay}</span> : '—'}
        </Fact>
        <Fact label="Entreprise">{contact.company ?? '—'}</Fact>
        <Fact label="Service souhaité">{contact.serviceInterest}</Fact>
        <Fact label="Budget">{contact.budget ?? '—'}</Fact>
        <Fact label="Dernière mise à jour">{formatDateTime(contact.updatedAt)}</Fact>
      </dl>

      <VisitSource attribution={attribution} />

      <section>
        <h3 className="mb-2 text-sm font-semibold text-gray-900">Message</h3>
        <p className="rounded-lg bg-gray-50 p-4 text-sm leading-relaxed break-words whitespace-pre-wrap text-gray-800">
          {contact.message}
        </p>
      </section>

      <FollowUpSection contact={contact} />
      <TimelineSection contactId={contact.id} />
    </div>
  );
}

/**
 * A lead kept "À vérifier" (docs/decisions/083-leads-kept-for-review.md): why, and one click that
 * says it is not spam, which sends the staff's usual email and push.
 */
function ReviewNotice({ contact, reason }: { contact: AdminContact; reason: string }) {
  const clear = useMutation(contactNotSpamMutation());
  return (
    <section
      aria-labelledby="review-title"
      className="flex flex-col gap-2 rounded-lg bg-amber-50 p-3 text-sm text-gray-900 ring-1 ring-amber-200 ring-inset"
    >
      <h3 id="review-title" className="font-semibold text-amber-900">
        À vérifier
      </h3>
      <p className="break-words">{reason}.</p>
      <p>L’équipe n’a été prévenue ni par email ni sur ses téléphones.</p>
      <p>
        <Button
          size="sm"
          variant="secondary"
          disabled={clear.isPending}
          onClick={() => clear.mutate({ id: contact.id })}
        >
          Ce n’est pas du spam
        </Button>
      </p>
    </section>
  );
}

/**
 * Offers the discovery call to a lead without one booked (a quote request, a request made while
 * nobody was bookable, a lost email): the lead gets the booking link by email (decision 077).
 */
function OfferCall({ lead }: { lead: AdminContact }) {
  const [confirming, setConfirming] = useState(false);
  const send = useMutation(sendBookingLinkMutation({ onSuccess: () => setConfirming(false) }));
  return (
    <>
      <p>
        <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
          <CalendarClock className="size-4" aria-hidden="true" />
          Proposer un appel découverte
        </Button>
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        danger={false}
        title={`Proposer un appel découverte à ${lead.fullName} ?`}
        confirmLabel="Envoyer le lien"
        pendingLabel="Envoi…"
        pending={send.isPending}
        onConfirm={() => send.mutate({ id: lead.id, fullName: lead.fullName })}
      >
        <p>
          {lead.fullName} reçoit un email avec un lien, valable 14 jours, pour choisir l’heure d’un appel de
          30 minutes parmi les disponibilités de l’équipe.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** The lead's discovery call: when (Kinshasa time), with whom, confirmed or cancelled; its day in the agenda. */
function CallSummary({ call, leadName }: { call: ContactCall; leadName: string }) {
  const cancelled = call.status === 'cancelled';
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState(false);
  const cancel = useMutation(cancelCallMutation({ onSuccess: () => setConfirming(false) }));
  // A call still ahead can be moved or cancelled by the agency (someone who cannot take it then).
  const ahead = !cancelled && new Date(call.startsAt).getTime() > Date.now();
  return (
    <section
      aria-label="Appel découverte"
      className={cn(
        'flex items-start gap-3 rounded-lg p-3 text-sm',
        cancelled ? 'bg-gray-50 text-gray-700' : 'bg-brand-50 text-gray-900',
      )}
    >
      <CalendarClock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="break-words">
          <span className="font-medium">Appel découverte :</span>{' '}
          <span className={cn(cancelled && 'line-through')}>
            {callWhen(call.startsAt)} (heure de Kinshasa) avec {call.admin.name}
          </span>
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Badge tone={cancelled ? 'gray' : 'green'}>{CALL_STATUS_LABELS[call.status]}</Badge>
          <Link
            to={`/admin/rendez-vous?vue=jour&date=${kinshasaDate(new Date(call.startsAt))}`}
            className="font-medium text-brand-800 underline-offset-2 hover:underline"
          >
            Voir dans l’agenda
          </Link>
          {ahead ? (
            <>
              <button
                type="button"
                onClick={() => setMoving(true)}
                className="font-medium text-brand-800 underline-offset-2 hover:underline"
              >
                Déplacer l’appel
              </button>
              <button
                type="button"
                onClick={() => setConfirming(true)}
                className="font-medium text-red-700 underline-offset-2 hover:underline"
              >
                Annuler l’appel
              </button>
            </>
          ) : null}
        </p>
        {moving ? <MoveCallDialog call={call} leadName={leadName} onClose={() => setMoving(false)} /> : null}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Annuler l’appel de ${leadName} ?`}
          confirmLabel="Oui, annuler l’appel"
          pendingLabel="Annulation…"
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate({ id: call.id, leadName })}
        >
          <p>
            Le créneau est libéré. {leadName} reçoit un email d’excuse, avec l’annulation pour son agenda et
            un lien pour choisir un autre créneau.
          </p>
        </ConfirmDialog>
      </div>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-medium text-gray-600">{label}</dt>
      <dd className="min-w-0 wrap-anywhere text-gray-900">{children}</dd>
    </>
  );
}

function StatusSwitcher({ contact }: { contact: AdminContact }) {
  const change = useMutation(contactStatusMutation());
  return (
    <div className="flex flex-col gap-2">
      <p className="flex items-center gap-2 text-sm font-medium text-gray-700">
        Statut : <ContactStatusBadge status={contact.status} />
      </p>
      <fieldset className="flex flex-wrap gap-2" disabled={change.isPending}>
        <legend className="sr-only">Changer le statut</legend>
        {CONTACT_STATUSES.map((status) => (
          <Button
            key={status}
            size="sm"
            variant={status === contact.status ? 'primary' : 'secondary'}
            aria-pressed={status === contact.status}
            className={cn(status === contact.status && 'pointer-events-none')}
            onClick={() => change.mutate({ id: contact.id, status })}
          >
            {CONTACT_STATUS_LABELS[status]}
          </Button>
        ))}
      </fieldset>
    </div>
  );
}
