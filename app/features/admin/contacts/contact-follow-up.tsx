/**
 * Following a lead, in its panel (docs/decisions/066-lead-follow-up.md): who follows it, its next
 * action with a date (late ones stand out), and its timeline: notes written by the staff and what
 * they did (status, owner, next action; email, call, WhatsApp opened), each with who and when.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import AlarmClock from 'lucide-react/icons/alarm-clock';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { ContactNoteKind } from '#common/enums.ts';
import { addDays, kinshasaDate, kinshasaLocal, kinshasaLocalToIso } from '#common/kinshasa.ts';
import type { AdminContact, ContactTimelineEntry } from '#common/schemas/admin.ts';
import { DateTimeField } from '~/components/date-time-field';
import { SelectField, Sending, TextAreaField, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { fieldMessages } from '~/lib/api';
import { cn } from '~/lib/cn';
import { splitDateTime } from '~/lib/french-date';
import { formatDateTime, isOverdue } from '../kit/dates';
import { Loading, Rows } from '../kit/skeleton';
import { ErrorState } from '../kit/states';
import { usersQuery } from '../settings/data';
import { contactFollowUpMutation, contactNoteMutation, contactTimelineQuery, ownerOptions } from './data';

/** A part of the lead's panel under its title (`titleId` names the section for screen readers). */
function PanelSection({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h3 id={titleId} className="text-sm font-semibold text-gray-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

export function FollowUpSection({ contact }: { contact: AdminContact }) {
  return (
    <PanelSection titleId="follow-up-title" title="Suivi">
      <OwnerSelect contact={contact} />
      <NextAction contact={contact} />
    </PanelSection>
  );
}

function OwnerSelect({ contact }: { contact: AdminContact }) {
  const users = useQuery(usersQuery);
  const change = useMutation(contactFollowUpMutation());
  // The owner is listed even before the accounts load (or once deactivated).
  const options = [{ value: '', label: 'Personne' }, ...ownerOptions(users.data, contact.owner ?? undefined)];
  return (
    <SelectField
      label="Responsable"
      placeholder={null}
      options={options}
      value={contact.owner?.id ?? ''}
      disabled={change.isPending}
      error={fieldMessages(change.error, 'ownerId')[0]}
      onChange={(event) => change.mutate({ id: contact.id, ownerId: event.target.value || null })}
    />
  );
}

function NextAction({ contact }: { contact: AdminContact }) {
  const change = useMutation(contactFollowUpMutation());
  const [at, setAt] = useState(() =>
    kinshasaLocal(contact.nextActionAt ? new Date(contact.nextActionAt) : tomorrowAtNine()),
  );
  const [note, setNote] = useState(contact.nextActionNote ?? '');
  const [atError, setAtError] = useState<string | undefined>();
  const overdue = isOverdue(contact.nextActionAt);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!splitDateTime(at)) return setAtError('Date et heure invalides');
    setAtError(undefined);
    change.mutate({ id: contact.id, nextActionAt: kinshasaLocalToIso(at), nextActionNote: note });
  };
  return (
    <div className="flex flex-col gap-3">
      {contact.nextActionAt ? (
        <p
          className={cn(
            'flex items-start gap-2 rounded-lg p-3 text-sm',
            overdue ? 'bg-red-50 text-red-800' : 'bg-gray-50 text-gray-800',
          )}
        >
          <AlarmClock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">
            <span className="font-medium">{contact.nextActionNote}</span>, le{' '}
            {formatDateTime(contact.nextActionAt)}
            {overdue ? <span className="font-semibold"> — en retard</span> : null}
          </span>
        </p>
      ) : null}
      <form noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-2" onSubmit={submit}>
        <TextField
          label="Prochaine action"
          placeholder="Rappeler pour le devis"
          value={note}
          maxLength={200}
          onChange={(event) => setNote(event.target.value)}
          error={fieldMessages(change.error, 'nextActionNote')[0]}
        />
        <DateTimeField
          label="Date et heure (Kinshasa)"
          value={at}
          onChange={setAt}
          error={atError ?? fieldMessages(change.error, 'nextActionAt')[0]}
        />
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" size="sm" disabled={change.isPending}>
            {change.isPending ? <Sending /> : 'Enregistrer la prochaine action'}
          </Button>
          {contact.nextActionAt ? (
            <Button
              type="button"
              size="sm"
              variant="secondary"
              disabled={change.isPending}
              onClick={() =>
                change.mutate({ id: contact.id, nextActionAt: null }, { onSuccess: () => setNote('') })
              }
            >
              Retirer
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}

/** Tomorrow 09:00 in Kinshasa: where a new next action starts. */
function tomorrowAtNine(): Date {
  const tomorrow = addDays(kinshasaDate(new Date()), 1);
  return new Date(kinshasaLocalToIso(`${tomorrow}T09:00`));
}

const KIND_LABELS: Record<ContactNoteKind, string> = {
  note: 'Note',
  status: 'Statut',
  owner: 'Responsable',
  next_action: 'Prochaine action',
  email: 'Email',
  call: 'Appel',
  whatsapp: 'WhatsApp',
  review: 'Vérification',
  booking: 'Appel découverte',
};

/**
 * Who wrote an entry: its admin, else the visitor's own booking, moving or cancelling through the
 * call's link (and what it changed of the lead), else an admin whose account is gone.
 */
const authorOf = (entry: ContactTimelineEntry) =>
  entry.author ?? (entry.kind === 'booking' ? 'Réservation en ligne' : 'Compte supprimé');

export function TimelineSection({ contactId }: { contactId: string }) {
  const timeline = useQuery(contactTimelineQuery(contactId));
  return (
    <PanelSection titleId="timeline-title" title="Historique">
      <NoteForm contactId={contactId} />
      {timeline.isPending ? (
        <Loading>
          <Rows count={3} />
        </Loading>
      ) : timeline.isError ? (
        <ErrorState error={timeline.error} onRetry={() => void timeline.refetch()} />
      ) : timeline.data.length === 0 ? (
        <p className="text-sm text-gray-600">Rien pour l’instant : ajoutez une note après chaque échange.</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Historique du contact">
          {timeline.data.map((entry) => (
            <TimelineItem key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </PanelSection>
  );
}

function TimelineItem({ entry }: { entry: ContactTimelineEntry }) {
  const note = entry.kind === 'note';
  return (
    <li
      data-testid="timeline-entry"
      className={cn(
        'rounded-lg border p-3 text-sm',
        note ? 'border-brand-200 bg-brand-50' : 'border-gray-200',
      )}
    >
      <p className={cn('break-words text-gray-900', note && 'whitespace-pre-wrap')}>{entry.body}</p>
      <p className="mt-1 text-xs text-gray-600">
        {KIND_LABELS[entry.kind]} · {authorOf(entry)} · {formatDateTime(entry.createdAt)}
      </p>
    </li>
  );
}

function NoteForm({ contactId }: { contactId: string }) {
  const [body, setBody] = useState('');
  const add = useMutation(contactNoteMutation({ onSuccess: () => setBody('') }));
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!body.trim()) return setError('Écrivez la note');
        setError(undefined);
        add.mutate({ id: contactId, body });
      }}
    >
      <TextAreaField
        label="Nouvelle note"
        rows={3}
        value={body}
        maxLength={5_000}
        placeholder="Ce qui a été dit, ce qui a été promis…"
        onChange={(event) => setBody(event.target.value)}
        error={error ?? fieldMessages(add.error, 'body')[0]}
      />
      <div>
        <Button type="submit" size="sm" disabled={add.isPending}>
          {add.isPending ? <Sending /> : 'Ajouter la note'}
        </Button>
      </div>
    </form>
  );
}
