/**
 * The subscribers screen's data: the list (keyed by API path) and the writes: tags, erasure and
 * the CSV import. Each write refreshes the list and the dashboard (their counts change) and
 * reports in French through a toast.
 */
import type {
  AdminSubscriber,
  SubscriberImportResult,
  SubscriberListQuery,
  SubscriberPage,
} from '#common/schemas/admin.ts';
import { adminItems, adminListQuery, createAdminMutation } from '../data/admin-data';
import { DASHBOARD_KEY, SUBSCRIBERS_KEY } from '../data/queries';

export type SubscriberListParams = Partial<SubscriberListQuery>;

/** A dialog about one subscriber (its tags, its erasure): open while `subscriber` is set. */
export type SubscriberDialogProps = { subscriber: AdminSubscriber | null; onClose: () => void };
export const SUBSCRIBER_LIST_DEFAULTS = { page: 1, pageSize: 20, sort: 'createdAt', order: 'desc' } as const;

export const subscribersQuery = adminListQuery<SubscriberPage, SubscriberListParams>(
  SUBSCRIBERS_KEY,
  SUBSCRIBER_LIST_DEFAULTS,
);

const subscriberUrl = adminItems(SUBSCRIBERS_KEY).url;
const SUBSCRIBER_WRITE_REFRESHES = [SUBSCRIBERS_KEY, DASHBOARD_KEY];

export const updateTagsMutation = createAdminMutation({
  method: 'PATCH',
  url: ({ id }: { id: string; tags: string[] }) => subscriberUrl(id),
  body: ({ tags }) => ({ tags }),
  read: (body: { subscriber: AdminSubscriber }) => body.subscriber,
  invalidates: SUBSCRIBER_WRITE_REFRESHES,
  toast: (subscriber) => ({ title: 'Étiquettes enregistrées', description: subscriber.email }),
});

/**
 * "Ce n'est pas du spam" on a sign-up kept "À vérifier" (docs/decisions/083-leads-kept-for-review.md):
 * a confirmed subscriber is announced to the staff now, a pending one when they confirm.
 */
export const notSpamSubscriberMutation = createAdminMutation({
  method: 'POST',
  url: (subscriber: AdminSubscriber) => `${subscriberUrl(subscriber.id)}/not-spam`,
  read: (body: { subscriber: AdminSubscriber }) => body.subscriber,
  invalidates: SUBSCRIBER_WRITE_REFRESHES,
  toast: (subscriber) => ({ title: 'Ce n’est pas du spam', description: subscriber.email }),
  errorToast: { fallback: 'L’inscription n’a pas pu être confirmée.' },
});

export const eraseSubscriberMutation = createAdminMutation({
  method: 'DELETE',
  url: (subscriber: AdminSubscriber) => subscriberUrl(subscriber.id),
  invalidates: SUBSCRIBER_WRITE_REFRESHES,
  toast: (subscriber) => ({
    title: 'Abonné supprimé',
    description: `${subscriber.email} et toutes ses données ont été effacés.`,
  }),
  errorToast: { title: 'Suppression impossible' },
});

export type ImportRequest = { csv: string; consented: boolean; tags: string };

/** Never retried (none is): a second run would send the confirmation emails' requests twice. */
export const importSubscribersMutation = createAdminMutation({
  method: 'POST',
  url: ({ consented, tags }: ImportRequest) => {
    const search = new URLSearchParams({ consented: String(consented) });
    if (tags.trim()) search.set('tags', tags.trim());
    return `${SUBSCRIBERS_KEY}/import?${search}`;
  },
  init: ({ csv }) => ({ body: csv, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
  read: (body: SubscriberImportResult) => body,
  invalidates: SUBSCRIBER_WRITE_REFRESHES,
  toast: (result) => ({
    title: 'Import terminé',
    description: `${result.created} ajoutée(s), ${result.existing} déjà connue(s), ${result.invalid.length} ligne(s) refusée(s).`,
  }),
  errorToast: { title: 'Échec de l’import' },
});
