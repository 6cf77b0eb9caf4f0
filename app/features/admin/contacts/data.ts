/** The leads screen's data: the list and one lead, keyed by API path, and the status change. */
import type { ContactStatus } from '#common/enums.ts';
import {
  type AdminContact,
  CONTACT_STATUS_LABELS,
  type ContactListQuery,
  type Page,
} from '#common/schemas/admin.ts';
import { createAdminListQuery, createAdminMutation, createAdminQuery } from '../admin-data';
import { CONTACTS_KEY, DASHBOARD_KEY } from '../queries';

export type ContactListParams = Partial<ContactListQuery>;
export const CONTACT_LIST_DEFAULTS = { page: 1, pageSize: 20, sort: 'createdAt', order: 'desc' } as const;

export function contactsQuery(params: ContactListParams = {}) {
  return createAdminListQuery<Page<AdminContact>>(CONTACTS_KEY, params, CONTACT_LIST_DEFAULTS);
}

export function contactQuery(id: string) {
  return createAdminQuery({
    queryKey: [CONTACTS_KEY, 'detail', id],
    url: `${CONTACTS_KEY}/${encodeURIComponent(id)}`,
    pick: (body: { contact: AdminContact }) => body.contact,
  });
}

export const contactStatusMutation = createAdminMutation({
  method: 'PATCH',
  url: ({ id }: { id: string; status: ContactStatus }) => `${CONTACTS_KEY}/${encodeURIComponent(id)}/status`,
  body: ({ status }) => ({ status }),
  read: (body: { contact: AdminContact }) => body.contact,
  updates: (contact) => [contactQuery(contact.id).queryKey, contact],
  invalidates: [CONTACTS_KEY, DASHBOARD_KEY],
  toast: (contact) => ({
    title: 'Statut mis à jour',
    description: `${contact.fullName} : ${CONTACT_STATUS_LABELS[contact.status]}`,
  }),
  errorToast: { fallback: 'Le statut n’a pas pu être modifié.' },
  // Declared no retry policy of its own: the client's default.
  clientRetries: true,
});
