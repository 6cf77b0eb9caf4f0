/**
 * The admin back-office's API contract (decisions 010, 011 and 036 to 038): query and body schemas
 * validated on the server, and the JSON shapes the screens read. Dates travel as ISO strings.
 *
 * Routes (all behind the session guard, all `Cache-Control: no-store`):
 * - GET    /api/admin/dashboard                    -> DashboardData
 * - GET    /api/admin/contacts?ContactListQuery     -> ContactPage
 * - GET    /api/admin/contacts/export.csv?filters   -> text/csv (UTF-8 with BOM)
 * - GET    /api/admin/contacts/:id                  -> AdminContactDetail
 * - PATCH  /api/admin/contacts/:id/status           ContactStatusChange -> { contact: AdminContact }
 * - PATCH  /api/admin/contacts/:id/follow-up        ContactFollowUp -> { contact: AdminContact }
 * - GET    /api/admin/contacts/:id/timeline         -> { entries: ContactTimelineEntry[] } (newest first)
 * - POST   /api/admin/contacts/:id/notes            ContactNoteInput -> 201 { entry: ContactTimelineEntry }
 * - POST   /api/admin/contacts/:id/touches          ContactTouch -> 201 { entry: ContactTimelineEntry }
 * - POST   /api/admin/contacts/:id/not-spam         -> { contact: AdminContact } ("Ce n'est pas du spam")
 * - GET    /api/admin/newsletter?SubscriberListQuery -> Page<AdminSubscriber> & { tags: string[] }
 * - GET    /api/admin/newsletter/export.csv?filters -> text/csv (UTF-8 with BOM)
 * - POST   /api/admin/newsletter/import?SubscriberImportQuery  body: text/csv -> SubscriberImportResult
 * - PATCH  /api/admin/newsletter/:id                SubscriberUpdate -> { subscriber: AdminSubscriber }
 * - GET    /api/admin/newsletter/:id/export         -> the subscriber's data (JSON attachment)
 * - DELETE /api/admin/newsletter/:id                -> 204 (erased with their tokens and emails)
 * - POST   /api/admin/newsletter/:id/not-spam       -> { subscriber: AdminSubscriber }
 * - GET    /api/admin/services                      -> { services: AdminService[] } (all, incl. inactive)
 */
import { z } from 'zod';
import type { PublicService } from '../api-types.ts';
import type { Attribution } from '../audience.ts';
import {
  CONTACT_STATUSES,
  CONTACT_TOUCH_KINDS,
  type ContactNoteKind,
  type ContactStatus,
  SUBSCRIBER_STATUSES,
  type SubscriberStatus,
} from '../enums.ts';
import { type BroadcastMessage, REALTIME_CHANNELS, type RealtimeChannel } from '../realtime.ts';
import type { AdminCall, ContactCall } from './booking-admin.ts';
import { optionalFilter, pageNumber, requiredText, strictObjectError } from './fields.ts';

export const ADMIN_PAGE_SIZES = [10, 20, 50, 100] as const;
export const ADMIN_DEFAULT_PAGE_SIZE = 20;

/** French labels of the lead statuses, in workflow order. */
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  nouveau: 'Nouveau',
  en_cours: 'En cours',
  traite: 'Traité',
};

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: 'En attente',
  active: 'Actif',
  unsubscribed: 'Désabonné',
  bounced: 'Rejeté',
};

/** Where a lead came from (contact_requests.source). */
export const CONTACT_SOURCE_LABELS: Record<string, string> = {
  quote_request: 'Demande de devis',
  call_request: 'Demande d’appel',
  website: 'Formulaire de contact',
};

/**
 * The paging fields every admin list query shares (contacts, subscribers, blog, portfolio,
 * activity): a page from 1 and a page size of 100 at most, with the same French messages.
 */
export const pageQueryFields = {
  page: pageNumber('Page invalide', 100_000).default(1),
  pageSize: pageNumber('Taille de page invalide', 100).default(ADMIN_DEFAULT_PAGE_SIZE),
};

/** The sort direction of an admin list, newest (or largest) first unless asked. */
export const orderQueryField = z.enum(['asc', 'desc'], { error: 'Ordre de tri invalide' }).default('desc');

const pageFields = { ...pageQueryFields, order: orderQueryField };

/** Free-text search of an admin list: trimmed, empty means none. */
export const searchQueryField = z
  .string({ error: 'Recherche invalide' })
  .trim()
  .max(200, { error: 'Recherche trop longue (200 caractères au plus)' })
  .optional()
  .transform((v) => v || undefined);

/**
 * The leads' follow-up filter (docs/decisions/066-lead-follow-up.md): `late`, a next action whose
 * time has come; `today`, one due before tonight midnight in Kinshasa (late ones included).
 */
export const CONTACT_FOLLOW_UP_FILTERS = { today: 'À traiter aujourd’hui', late: 'En retard' } as const;
export type ContactFollowUpFilter = keyof typeof CONTACT_FOLLOW_UP_FILTERS;
/**
 * The leads and sign-ups kept "À vérifier" (docs/decisions/083-leads-kept-for-review.md): over
 * their address's limit or with the honeypot filled, kept without notifying the staff.
 */
export const REVIEW_FILTERS = { a_verifier: 'À vérifier' } as const;
export type ReviewFilter = keyof typeof REVIEW_FILTERS;
const reviewFilter = z
  .enum(Object.keys(REVIEW_FILTERS) as [ReviewFilter], { error: 'Vérification invalide' })
  .optional();
/** The owner filter's value for the leads nobody follows yet. */
export const NO_OWNER = 'none';
/**
 * The longest visit source a lead can have (`contact_requests.traffic_source`, common/audience.ts's
 * `visitSource`): a referrer's host, 253 characters at most, or a UTM source, 100.
 */
export const TRAFFIC_SOURCE_MAX_LENGTH = 255;

export const ContactFiltersSchema = z.object({
  q: searchQueryField,
  status: z.enum(CONTACT_STATUSES, { error: 'Statut invalide' }).optional(),
  source: optionalFilter(50, 'Source invalide'),
  owner: z
    .union(
      [z.uuid({ error: 'Responsable invalide' }), z.literal(NO_OWNER, { error: 'Responsable invalide' })],
      {
        error: 'Responsable invalide',
      },
    )
    .optional(),
  followUp: z
    .enum(Object.keys(CONTACT_FOLLOW_UP_FILTERS) as [ContactFollowUpFilter], { error: 'Suivi invalide' })
    .optional(),
  review: reviewFilter,
  /** The source of the visit that brought the lead, as stored ("Facebook", "Accès direct", a host…). */
  trafficSource: z
    .string({ error: 'Source invalide' })
    .trim()
    .max(TRAFFIC_SOURCE_MAX_LENGTH, {
      error: `Source invalide (${TRAFFIC_SOURCE_MAX_LENGTH} caractères au plus)`,
    })
    .optional()
    .transform((v) => v || undefined),
});

export const ContactListQuerySchema = ContactFiltersSchema.extend({
  ...pageFields,
  /** `nextActionAt` ascending: the soonest next action first, the leads without one last. */
  sort: z
    .enum(['createdAt', 'fullName', 'status', 'nextActionAt'], { error: 'Tri invalide' })
    .default('createdAt'),
});
export type ContactListQuery = z.infer<typeof ContactListQuerySchema>;

export const ContactStatusChangeSchema = z.object({
  status: z.enum(CONTACT_STATUSES, { error: 'Statut invalide' }),
});

/**
 * A lead's follow-up (docs/decisions/066-lead-follow-up.md): who follows it and what is next. Each
 * field is changed only when sent; null clears it. A next action is a date and time with a short
 * description ("Rappeler pour le devis"): both or neither.
 */
export const ContactFollowUpSchema = z
  .strictObject(
    {
      ownerId: z.uuid({ error: 'Responsable invalide' }).nullable().optional(),
      nextActionAt: z.iso.datetime({ offset: true, error: 'Date et heure invalides' }).nullable().optional(),
      nextActionNote: z
        .string({ error: 'Action invalide' })
        .trim()
        .max(200, { error: 'Action trop longue (200 caractères au plus)' })
        .optional(),
    },
    strictObjectError,
  )
  .refine((v) => !v.nextActionAt || Boolean(v.nextActionNote), {
    error: 'Décrivez la prochaine action',
    path: ['nextActionNote'],
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), { error: 'Rien à modifier' });
export type ContactFollowUp = z.infer<typeof ContactFollowUpSchema>;

export const ContactNoteInputSchema = z.strictObject(
  {
    body: requiredText(1, 5_000, {
      missing: 'Note invalide',
      short: 'Écrivez la note',
      long: 'Note trop longue (5 000 caractères au plus)',
    }),
  },
  strictObjectError,
);

/** A quick action of the lead's panel (email, call, WhatsApp), logged when the admin opens it. */
export const ContactTouchSchema = z.strictObject(
  { kind: z.enum(CONTACT_TOUCH_KINDS, { error: 'Action invalide' }) },
  strictObjectError,
);

export type ContactTimelineEntry = {
  id: string;
  kind: ContactNoteKind;
  body: string;
  /**
   * The admin's name; null once their account is gone, and for what no admin did (the visitor's
   * booking, moving or cancelling of the discovery call, kind `booking`).
   */
  author: string | null;
  createdAt: string;
};

export const SubscriberFiltersSchema = z.object({
  q: searchQueryField,
  status: z.enum(SUBSCRIBER_STATUSES, { error: 'Statut invalide' }).optional(),
  tag: optionalFilter(50, 'Étiquette invalide'),
  review: reviewFilter,
});

export const SubscriberListQuerySchema = SubscriberFiltersSchema.extend({
  ...pageFields,
  sort: z.enum(['createdAt', 'email', 'status'], { error: 'Tri invalide' }).default('createdAt'),
});
export type SubscriberListQuery = z.infer<typeof SubscriberListQuerySchema>;

/** A tag: a short lowercase word or phrase. */
export const TagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: 'Étiquette vide' })
  .max(50, { error: 'Étiquette trop longue (50 caractères au plus)' });

export const SubscriberUpdateSchema = z
  .object({
    tags: z.array(TagSchema).max(30, { error: '30 étiquettes au plus' }).optional(),
    firstName: z.string().trim().max(100, { error: 'Prénom trop long' }).optional(),
    lastName: z.string().trim().max(100, { error: 'Nom trop long' }).optional(),
  })
  .strict();

/** How an imported list is treated; addresses are never made active without declared consent. */
export const SubscriberImportQuerySchema = z.object({
  /** 'true' only when the admin declares the people already consented (e.g. a signed paper form). */
  consented: z
    .enum(['true', 'false'], { error: 'Valeur invalide' })
    .default('false')
    .transform((v) => v === 'true'),
  /** Comma-separated tags added to every imported address. */
  tags: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((t) => t.trim().toLowerCase())
            .filter(Boolean)
        : [],
    ),
});

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** A visit source of the leads, and how many leads it brought: a choice of the list's "Source" filter. */
export type TrafficSourceCount = { value: string; count: number };

/** The leads' list: a page, and every visit source stored, most leads first (whatever the filters). */
export type ContactPage = Page<AdminContact> & { trafficSources: TrafficSourceCount[] };

/**
 * One lead (GET /api/admin/contacts/:id): the lead, its discovery call (decision 078) and the visit
 * that brought it (decision 084), null when unknown (a lead sent before the measurement, or
 * without a visit).
 */
export type AdminContactDetail = {
  contact: AdminContact;
  call: ContactCall | null;
  attribution: Attribution | null;
};

export type AdminContact = {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  phoneRaw: string | null;
  /** The number as staff read it, grouped by the server (`+243 81 000 0001`), or as typed. */
  phoneDisplay: string | null;
  company: string | null;
  serviceInterest: string;
  budget: string | null;
  message: string;
  status: ContactStatus;
  source: string;
  createdAt: string;
  updatedAt: string;
  owner: { id: string; name: string } | null;
  nextActionAt: string | null;
  nextActionNote: string | null;
  /** Why the lead is "À vérifier" (the staff were not notified of it), or null. */
  reviewReason: string | null;
};

export type AdminSubscriber = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  locale: string;
  tags: string[];
  status: SubscriberStatus;
  /** The form the sign-up came through ("Origine"). */
  source: string;
  /** The visit that brought it ("Source", decision 084): "Facebook", "Accès direct"…; null when unknown. */
  trafficSource: string | null;
  consentAt: string | null;
  subscribedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Why the sign-up is "À vérifier" (no staff notification), or null. */
  reviewReason: string | null;
};

export type SubscriberPage = Page<AdminSubscriber> & { tags: string[] };

export type SubscriberImportResult = {
  /** New addresses stored (pending with a confirmation email, or active when consent was declared). */
  created: number;
  /** Addresses already known: left as they are except for the added tags. */
  existing: number;
  /** Lines refused, with the reason in French. */
  invalid: { line: number; value: string; message: string }[];
};

/** The admin sees a service with the same fields as the public (common/api-types.ts). */
export type AdminService = PublicService;

export type DashboardData = {
  leads: {
    /** Since Monday 00:00 (Africa/Kinshasa) and since the 1st of the month, by status. */
    week: Record<ContactStatus, number> & { total: number };
    month: Record<ContactStatus, number> & { total: number };
    total: number;
  };
  subscribers: Record<SubscriberStatus, number> & { total: number };
  /** Of the addresses that signed up in the last 12 weeks, how many confirmed (are active now). */
  conversion: { signups: number; confirmed: number; rate: number };
  topPosts: { id: string; title: string; slug: string; views: number }[];
  /** 12 entries, oldest first; weekStart is the Monday as YYYY-MM-DD. */
  leadsPerWeek: { weekStart: string; count: number }[];
  /** 12 entries, oldest first: new confirmed subscribers that week and active total at its end. */
  subscriberGrowth: { weekStart: string; newActive: number; totalActive: number }[];
  latestActivity: {
    id: string;
    type: string;
    title: string;
    description: string | null;
    createdAt: string;
  }[] /**
   * The leads to follow up (docs/decisions/066-lead-follow-up.md): how many next actions are late
   * and due before midnight (Kinshasa, late ones included), how many leads are still `nouveau`
   * past the promised 24 h, and the first of those due, soonest first.
   */;
  followUp: {
    late: number;
    dueToday: number;
    unanswered: number;
    due: {
      id: string;
      fullName: string;
      nextActionAt: string;
      nextActionNote: string | null;
      owner: string | null;
    }[];
  };
  /** The next confirmed discovery calls, soonest first (docs/decisions/078-call-booking-admin.md). */
  upcomingCalls: AdminCall[];
};

/** The real-time channel's protocol (docs/product.md §4.5), shared by the websocket server and the admin. */
export { REALTIME_CHANNELS, type RealtimeChannel };

export const RealtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), channel: z.enum(REALTIME_CHANNELS) }),
  z.object({ type: z.literal('unsubscribe'), channel: z.enum(REALTIME_CHANNELS) }),
  z.object({ type: z.literal('ping') }),
]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessageSchema>;

/** A broadcast's `data` carries the event's `type` (new_contact, stats_update...): common/realtime.ts. */
export type RealtimeServerMessage =
  | { type: 'connected'; clientId: string }
  | { type: 'subscribed'; channel: RealtimeChannel }
  | { type: 'unsubscribed'; channel: RealtimeChannel }
  | { type: 'pong' }
  | { type: 'error'; message: string }
  | BroadcastMessage;
