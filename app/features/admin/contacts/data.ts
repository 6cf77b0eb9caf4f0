/** The leads screen's data: the list and one lead, keyed by API path, its status, follow-up and timeline. */
import type { ContactStatus, ContactTouchKind } from '#common/enums.ts';
import {
  type AdminContact,
  type AdminContactDetail,
  CONTACT_STATUS_LABELS,
  type ContactFollowUp,
  type ContactListQuery,
  type ContactPage,
  type ContactTimelineEntry,
} from '#common/schemas/admin.ts';
import { type AdminAccount, adminFullName } from '#common/schemas/users-admin.ts';
import { adminItems, adminListQuery, createAdminMutation, createAdminQuery } from '../data/admin-data';
import { CONTACTS_KEY, DASHBOARD_KEY } from '../data/queries';

export type ContactListParams = Partial<ContactListQuery>;
export const CONTACT_LIST_DEFAULTS = { page: 1, pageSize: 20, sort: 'createdAt', order: 'desc' } as const;

/** A page of leads, with the visit sources the "Source" filter offers. */
export const contactsQuery = adminListQuery<ContactPage, ContactListParams>(
  CONTACTS_KEY,
  CONTACT_LIST_DEFAULTS,
);

/**
 * One lead, its discovery call when it booked one (docs/decisions/078-call-booking-admin.md) and
 * the visit that brought it (docs/decisions/084-first-party-audience.md).
 */
export type ContactDetail = AdminContactDetail;

const contacts = adminItems(CONTACTS_KEY);
const contactUrl = contacts.url;

export const contactQuery = (id: string) =>
  contacts.query(
    id,
    (body: ContactDetail): ContactDetail => ({
      contact: body.contact,
      call: body.call ?? null,
      attribution: body.attribution ?? null,
    }),
  );

/** A write's answer (the lead alone) put in the panel's cache, its call and its source kept. */
const withContact =
  (contact: AdminContact) =>
  (cached: ContactDetail | undefined): ContactDetail => ({
    contact,
    call: cached?.call ?? null,
    attribution: cached?.attribution ?? null,
  });

export const contactStatusMutation = createAdminMutation({
  method: 'PATCH',
  url: ({ id }: { id: string; status: ContactStatus }) => `${contactUrl(id)}/status`,
  body: ({ status }) => ({ status }),
  read: (body: { contact: AdminContact }) => body.contact,
  updates: (contact) => [contactQuery(contact.id).queryKey, withContact(contact)],
  invalidates: [CONTACTS_KEY, DASHBOARD_KEY],
  toast: (contact) => ({
    title: 'Statut mis à jour',
    description: `${contact.fullName} : ${CONTACT_STATUS_LABELS[contact.status]}`,
  }),
  errorToast: { fallback: 'Le statut n’a pas pu être modifié.' },
  // Declared no retry policy of its own: the client's default.
  clientRetries: true,
});

/**
 * "Ce n'est pas du spam" on a lead kept "À vérifier" (docs/decisions/083-leads-kept-for-review.md):
 * the staff's email and push go out now; a second click changes nothing.
 */
export const contactNotSpamMutation = createAdminMutation({
  method: 'POST',
  url: ({ id }: { id: string }) => `${contactUrl(id)}/not-spam`,
  read: (body: { contact: AdminContact }) => body.contact,
  updates: (contact) => [contactQuery(contact.id).queryKey, withContact(contact)],
  invalidates: [CONTACTS_KEY, DASHBOARD_KEY],
  toast: (contact) => ({
    title: 'Ce n’est pas du spam',
    description: `${contact.fullName} : l’équipe est prévenue.`,
  }),
  errorToast: { fallback: 'Le contact n’a pas pu être confirmé.' },
});

// ---- follow-up (docs/decisions/066-lead-follow-up.md) ------------------------------------------

/** The lead's timeline, newest first; refreshed with every leads query (its key starts with the path). */
export function contactTimelineQuery(id: string) {
  return createAdminQuery({
    queryKey: [CONTACTS_KEY, 'detail', id, 'timeline'],
    url: `${contactUrl(id)}/timeline`,
    pick: (body: { entries: ContactTimelineEntry[] }) => body.entries,
  });
}

export const contactFollowUpMutation = createAdminMutation({
  method: 'PATCH',
  url: ({ id }: { id: string } & ContactFollowUp) => `${contactUrl(id)}/follow-up`,
  body: ({ id: _id, ...changes }) => changes,
  read: (body: { contact: AdminContact }) => body.contact,
  updates: (contact) => [contactQuery(contact.id).queryKey, withContact(contact)],
  invalidates: [CONTACTS_KEY],
  toast: (contact) => ({ title: 'Suivi mis à jour', description: contact.fullName }),
  errorToast: { fallback: 'Le suivi n’a pas pu être enregistré.' },
});

export const contactNoteMutation = createAdminMutation({
  method: 'POST',
  url: ({ id }: { id: string; body: string }) => `${contactUrl(id)}/notes`,
  body: ({ body }) => ({ body }),
  read: (body: { entry: ContactTimelineEntry }) => body.entry,
  invalidates: [CONTACTS_KEY],
  toast: () => ({ title: 'Note ajoutée' }),
  errorToast: { fallback: 'La note n’a pas pu être ajoutée.' },
});

/** A quick action opened (email, call, WhatsApp): logged in the timeline, without a toast. */
export const contactTouchMutation = createAdminMutation({
  method: 'POST',
  url: ({ id }: { id: string; kind: ContactTouchKind }) => `${contactUrl(id)}/touches`,
  body: ({ kind }) => ({ kind }),
  invalidates: [CONTACTS_KEY],
  errorToast: { fallback: 'L’action n’a pas pu être notée dans l’historique.' },
});

/**
 * The admins a lead can be given to, by name: the active accounts, plus `keep` (the current owner or
 * filter) when it is not among them (deactivated since, or the accounts not loaded yet).
 */
export function ownerOptions(
  users: readonly AdminAccount[] | undefined,
  keep?: { id: string; name: string },
): { value: string; label: string }[] {
  const options = (users ?? [])
    .filter((user) => user.isActive)
    .map((user) => ({ value: user.id, label: adminFullName(user) }));
  if (keep && !options.some((option) => option.value === keep.id)) {
    options.push({ value: keep.id, label: keep.name });
  }
  return options;
}
