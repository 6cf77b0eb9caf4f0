/**
 * The whole data model: the 16 tables of docs/product.md §3.1 with the enums of §4.1, plus the tables the
 * product needs beyond that list (see docs/decisions/002-extra-tables.md).
 *
 * TypeScript names follow the spec's spelling (camelCase); the database uses snake_case columns
 * through Drizzle's `casing: 'snake_case'` option, set in db/client.ts and drizzle.config.ts.
 * Email addresses are stored trimmed and lower-cased (by the zod schemas of common/schemas/, such
 * as `newsletterEmail`), so a plain unique index gives case-insensitive uniqueness.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Attribution } from '#common/audience.ts';
import {
  BLOG_CATEGORIES,
  CAMPAIGN_STATUSES,
  CONTACT_NOTE_KINDS,
  CONTACT_STATUSES,
  CONTENT_TYPES,
  EMAIL_EVENT_TYPES,
  JOB_STATUSES,
  OUTBOX_STATUSES,
  SUBSCRIBER_STATUSES,
  TOKEN_TYPES,
} from '#common/enums.ts';
import type { CampaignBlock } from '#common/schemas/campaign-blocks.ts';
import type { TemplateBlocks } from '#common/schemas/template-blocks.ts';

// ---------------------------------------------------------------------------------------------
// Enumerations (docs/product.md §4.1)
// ---------------------------------------------------------------------------------------------
export const contactStatus = pgEnum('contact_status', CONTACT_STATUSES);
export const subscriberStatus = pgEnum('subscriber_status', SUBSCRIBER_STATUSES);
export const tokenType = pgEnum('token_type', TOKEN_TYPES);
export const campaignStatus = pgEnum('campaign_status', CAMPAIGN_STATUSES);
export const jobStatus = pgEnum('job_status', JOB_STATUSES);
export const eventType = pgEnum('event_type', EMAIL_EVENT_TYPES);
export const contentType = pgEnum('content_type', CONTENT_TYPES);
export const blogCategory = pgEnum('blog_category', BLOG_CATEGORIES);
export const outboxStatus = pgEnum('outbox_status', OUTBOX_STATUSES);

const id = () => uuid().primaryKey().defaultRandom();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * The delivery state of an outbox row (emails, pushes): pending until a worker claims it with
 * FOR UPDATE SKIP LOCKED (`lockedUntil`), retried at `nextAttemptAt` after a failure, sent once.
 */
const outboxDelivery = () => ({
  status: outboxStatus().notNull().default('pending'),
  attempts: integer().notNull().default(0),
  nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
  lastError: text(),
  sentAt: timestamp({ withTimezone: true }),
});

// ---------------------------------------------------------------------------------------------
// The tables of docs/product.md §3.1
// ---------------------------------------------------------------------------------------------
export const adminUsers = pgTable('admin_users', {
  id: id(),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  role: text().notNull().default('admin'),
  isActive: boolean().notNull().default(true),
  /** Set at login when the password no longer meets the policy: the admin must choose another. */
  passwordChangeRequired: boolean().notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Visitors may book discovery calls with this admin (docs/decisions/075-call-slots.md). */
  bookable: boolean().notNull().default(false),
});

export const contactRequests = pgTable(
  'contact_requests',
  {
    id: id(),
    fullName: text().notNull(),
    email: text().notNull(),
    /** E.164 when the number could be parsed (default region CD), else what was typed. */
    phone: text(),
    company: text(),
    serviceInterest: text().notNull(),
    budget: text(),
    message: text().notNull(),
    status: contactStatus().notNull().default('nouveau'),
    source: text().notNull().default('website'),
    createdAt: createdAt(),
    // Beyond docs/product.md §3.1: the phone exactly as typed, and when the lead last changed (status).
    phoneRaw: text(),
    updatedAt: updatedAt(),
    // The follow-up (docs/decisions/066-lead-follow-up.md): who follows the lead, and what is next.
    ownerId: uuid().references(() => adminUsers.id, { onDelete: 'set null' }),
    nextActionAt: timestamp({ withTimezone: true }),
    nextActionNote: text(),
    /** When the staff were reminded of a lead left `nouveau` past the promised answer (24 h). */
    remindedAt: timestamp({ withTimezone: true }),
    /**
     * A call request's preferred part of the day and urgency, as chosen in the form: the slots
     * offered for booking follow them (docs/decisions/077-call-booking.md). Null for other leads.
     */
    callPreferredTime: text(),
    callUrgency: text(),
    /**
     * Why the lead is "À vérifier" (docs/decisions/083-leads-kept-for-review.md): kept, but the
     * staff were not notified; null once an admin said "Ce n'est pas du spam", or when it never was.
     */
    reviewReason: text(),
    /** The visit that brought the lead (docs/decisions/084-first-party-audience.md); null when unknown. */
    attribution: jsonb().$type<Attribution>(),
    /** `attribution.source`, for the leads list's filter and the Audience screen's conversions. */
    trafficSource: text(),
  },
  (t) => [
    index('contact_requests_created_at_idx').on(t.createdAt),
    index('contact_requests_traffic_source_idx').on(t.trafficSource, t.createdAt),
    index('contact_requests_status_created_at_idx').on(t.status, t.createdAt),
    index('contact_requests_next_action_at_idx').on(t.nextActionAt),
  ],
);

/**
 * A lead's timeline: the notes the staff write and what they did (status, owner and next action
 * changed; email, call or WhatsApp opened), each with who and when. Kept when its author leaves.
 */
export const contactNotes = pgTable(
  'contact_notes',
  {
    id: id(),
    contactId: uuid()
      .notNull()
      .references(() => contactRequests.id, { onDelete: 'cascade' }),
    kind: text({ enum: CONTACT_NOTE_KINDS }).notNull(),
    body: text().notNull(),
    userId: uuid().references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_notes_contact_created_at_idx').on(t.contactId, t.createdAt)],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    email: text().notNull().unique(),
    firstName: text(),
    lastName: text(),
    locale: text().notNull().default('fr'),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    status: subscriberStatus().notNull().default('pending'),
    source: text().notNull().default('website'),
    isActive: boolean().notNull().default(true),
    consentAt: timestamp({ withTimezone: true }),
    subscribedAt: timestamp({ withTimezone: true }),
    // Beyond docs/product.md §3.1: when the row was created (the purge of stale pending rows needs it) and
    // the proof of consent (GDPR art. 7(1): who agreed, to which wording, from where).
    createdAt: createdAt(),
    consentIp: text(),
    consentUserAgent: text(),
    consentText: text(),
    /** Which version of the server's consent wording (NEWSLETTER_CONSENT_VERSION) was agreed to. */
    consentVersion: text(),
    updatedAt: updatedAt(),
    /** Why the sign-up is "À vérifier" (docs/decisions/083): no staff notification until cleared. */
    reviewReason: text(),
    /** The visit that brought the sign-up (decision 084); null when unknown. */
    attribution: jsonb().$type<Attribution>(),
    trafficSource: text(),
  },
  (t) => [
    index('newsletter_subscriptions_status_idx').on(t.status),
    index('newsletter_subscriptions_created_at_idx').on(t.createdAt),
  ],
);

export const services = pgTable(
  'services',
  {
    id: id(),
    title: text().notNull(),
    description: text().notNull(),
    icon: text().notNull().default('target'),
    // Deleting a parent must be an explicit choice about its children (decision 014), so the
    // database refuses to orphan them silently.
    parentServiceId: uuid().references((): AnyPgColumn => services.id, { onDelete: 'restrict' }),
    order: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('services_parent_order_idx').on(t.parentServiceId, t.order),
    check('services_order_non_negative', sql`${t.order} >= 0`),
    check('services_not_own_parent', sql`${t.parentServiceId} is null or ${t.parentServiceId} <> ${t.id}`),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    id: id(),
    name: text().notNull(),
    position: text().notNull(),
    bio: text().notNull().default(''),
    skills: text().array().notNull().default(sql`'{}'::text[]`),
    photoUrl: text(),
    /**
     * The photo's focal point, in % of its width and height from the top left corner
     * (docs/decisions/091-team-portraits.md): the part every crop of it keeps in view.
     */
    photoFocusX: smallint().notNull().default(50),
    photoFocusY: smallint().notNull().default(50),
    linkedinUrl: text(),
    twitterUrl: text(),
    order: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('team_members_order_idx').on(t.order),
    check('team_members_order_non_negative', sql`${t.order} >= 0`),
    check(
      'team_members_photo_focus_in_photo',
      sql`${t.photoFocusX} between 0 and 100 and ${t.photoFocusY} between 0 and 100`,
    ),
  ],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: id(),
    title: text().notNull(),
    slug: text().notNull().unique(),
    content: text().notNull(),
    excerpt: text().notNull().default(''),
    category: blogCategory().notNull(),
    coverImage: text(),
    // Sharing and search (decision 071): the description Google and WhatsApp show (empty: the
    // excerpt), and what the cover shows, for whoever cannot see it.
    metaDescription: text().notNull().default(''),
    coverAlt: text().notNull().default(''),
    isPublished: boolean().notNull().default(false),
    // Beyond docs/product.md §3.1: the date readers see, RSS and the sitemap use; set on first publication.
    publishedAt: timestamp({ withTimezone: true }),
    // A draft's publication planned by an admin (decision 069): the background task publishes it then.
    scheduledAt: timestamp({ withTimezone: true }),
    views: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('blog_posts_published_idx').on(t.isPublished, t.publishedAt),
    index('blog_posts_scheduled_idx').on(t.scheduledAt).where(sql`${t.scheduledAt} is not null`),
  ],
);

/**
 * The former addresses of posts that were read under them (decision 069): /blog/{oldSlug} answers
 * a 301 to the post's address of today, so shared links and search results keep working.
 */
export const blogSlugRedirects = pgTable('blog_slug_redirects', {
  oldSlug: text().primaryKey(),
  postId: uuid()
    .notNull()
    .references(() => blogPosts.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const caseStudies = pgTable(
  'case_studies',
  {
    id: id(),
    title: text().notNull(),
    clientName: text().notNull(),
    industry: text().notNull(),
    description: text().notNull(),
    /** A list of `{ label, value }` pairs, e.g. `{ label: 'Leads qualifiés', value: '+180 %' }`. */
    results: jsonb().$type<CaseStudyResult[]>().notNull().default([]),
    imageUrl: text(),
    /** Images of the work with their alternative texts, in order (decision 092). */
    gallery: jsonb().$type<CaseStudyImage[]>().notNull().default([]),
    /** A before/after pair, when the work changed something visible (decision 092). */
    beforeAfter: jsonb().$type<{ before: CaseStudyImage; after: CaseStudyImage } | null>(),
    isPublished: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('case_studies_published_idx').on(t.isPublished, t.createdAt)],
);
export type CaseStudyResult = { label: string; value: string };
export type CaseStudyImage = { url: string; alt: string };

/**
 * What clients say of the agency (docs/decisions/086-testimonials.md): shown on the home page,
 * About, and beside the services and the case study each one is linked to. `isDemo` marks the
 * seeded examples, which the back-office labels until the agency replaces them.
 */
export const testimonials = pgTable(
  'testimonials',
  {
    id: id(),
    quote: text().notNull(),
    authorName: text().notNull(),
    authorRole: text().notNull().default(''),
    company: text().notNull().default(''),
    /** The person's portrait, an upload of ours (common/schemas/media.ts). */
    photoUrl: text(),
    /** The company's logo, shown when there is no portrait. */
    logoUrl: text(),
    caseStudyId: uuid().references(() => caseStudies.id, { onDelete: 'set null' }),
    /** The services it speaks for; a deleted service's id is ignored where it is read. */
    serviceIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    isActive: boolean().notNull().default(false),
    isDemo: boolean().notNull().default(false),
    order: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('testimonials_order_idx').on(t.order),
    index('testimonials_case_study_idx').on(t.caseStudyId),
    check('testimonials_order_non_negative', sql`${t.order} >= 0`),
  ],
);

/**
 * The clients whose logos the site shows under "Ils nous font confiance"
 * (docs/decisions/087-client-logos.md). A logo is an upload of ours (PNG, WebP, or an SVG
 * rasterised on upload); without one, the site draws the name as a wordmark. `isDemo` marks the
 * seeded examples.
 */
export const clientLogos = pgTable(
  'client_logos',
  {
    id: id(),
    name: text().notNull(),
    logoUrl: text(),
    /** The client's site, linked from its logo. */
    websiteUrl: text(),
    isActive: boolean().notNull().default(false),
    isDemo: boolean().notNull().default(false),
    order: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('client_logos_order_idx').on(t.order),
    check('client_logos_order_non_negative', sql`${t.order} >= 0`),
  ],
);

export const companyStats = pgTable('company_stats', {
  id: id(),
  name: text().notNull(),
  value: integer().notNull(),
  unit: text().notNull().default(''),
  description: text().notNull().default(''),
  order: integer().notNull().default(0),
  isActive: boolean().notNull().default(true),
  updatedAt: updatedAt(),
});

export const activityLogs = pgTable(
  'activity_logs',
  {
    id: id(),
    type: text().notNull(),
    title: text().notNull(),
    description: text(),
    userId: uuid().references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('activity_logs_created_at_idx').on(t.createdAt)],
);

export const siteSettings = pgTable('site_settings', {
  id: id(),
  key: text().notNull().unique(),
  value: text().notNull(),
  category: text().notNull(),
  description: text().notNull().default(''),
  updatedAt: updatedAt(),
});

export const subscriberTokens = pgTable(
  'subscriber_tokens',
  {
    id: id(),
    subscriberId: uuid()
      .notNull()
      .references(() => newsletterSubscriptions.id, { onDelete: 'cascade' }),
    type: tokenType().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('subscriber_tokens_subscriber_idx').on(t.subscriberId, t.type)],
);

export const emailTemplates = pgTable('email_templates', {
  id: id(),
  key: text().notNull().unique(),
  name: text().notNull(),
  // Beyond docs/product.md §3.1: a transactional template needs its subject line next to its body.
  subject: text().notNull().default(''),
  mjml: text().notNull(),
  compiledHtml: text().notNull().default(''),
  variablesJson: jsonb().$type<TemplateVariable[]>().notNull().default([]),
  /**
   * The template as the composer's blocks (docs/decisions/103-template-composer.md), `mjml` being
   * what they compose to; null when the MJML is an expert's own (edited in the MJML editor).
   */
  blocksJson: jsonb().$type<TemplateBlocks>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type TemplateVariable = { name: string; description: string; example?: string };

export const emailCampaigns = pgTable(
  'email_campaigns',
  {
    id: id(),
    title: text().notNull(),
    subject: text().notNull(),
    senderEmail: text().notNull().default('contact@lisanga-digital.cd'),
    senderName: text().notNull().default('Lisanga Digital Marketing'),
    segmentFilterJson: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    templateId: uuid().references(() => emailTemplates.id, { onDelete: 'restrict' }),
    status: campaignStatus().notNull().default('draft'),
    scheduledAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Beyond docs/product.md §3.1 (decision 017): the template's content blocks for this campaign, and
    // pausing or cancelling while sending (the status enum has no such states: status stays 'sending').
    content: jsonb().$type<Record<string, string>>().notNull().default({}),
    pausedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    // The block composer (decision 073): its blocks, the MJML made of them when saved (latest posts
    // and case studies as they were then), and that MJML compiled (marked with its hash, as
    // email_templates.compiled_html). All null for a campaign on a template.
    blocks: jsonb().$type<CampaignBlock[]>(),
    bodyMjml: text(),
    compiledHtml: text(),
    /**
     * The `utm_campaign` its links carry (decision 084), set once when it is first sent, so that a
     * renamed campaign keeps its visits and leads.
     */
    utmCampaign: text().unique(),
  },
  (t) => [index('email_campaigns_status_scheduled_idx').on(t.status, t.scheduledAt)],
);

export const campaignJobs = pgTable(
  'campaign_jobs',
  {
    id: id(),
    campaignId: uuid()
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    subscriberId: uuid()
      .notNull()
      .references(() => newsletterSubscriptions.id, { onDelete: 'cascade' }),
    status: jobStatus().notNull().default('queued'),
    attempt: integer().notNull().default(0),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Beyond docs/product.md §3.1 (decision 017): when a failed attempt may be retried (backoff), until when
    // a worker holds the job (a crashed worker's claim expires), and the Message-ID kept across retries so an
    // uncertain send is recognisable.
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    messageId: text(),
  },
  (t) => [
    // One campaign never reaches one subscriber twice, whatever the number of workers.
    uniqueIndex('campaign_jobs_campaign_subscriber_uq').on(t.campaignId, t.subscriberId),
    index('campaign_jobs_status_idx').on(t.status, t.campaignId),
    index('campaign_jobs_claim_idx').on(t.status, t.nextAttemptAt),
  ],
);

export const emailEvents = pgTable(
  'email_events',
  {
    id: id(),
    type: eventType().notNull(),
    campaignId: uuid().references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    subscriberId: uuid().references(() => newsletterSubscriptions.id, { onDelete: 'set null' }),
    metaJson: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('email_events_campaign_type_idx').on(t.campaignId, t.type, t.occurredAt)],
);

export const contentPublications = pgTable(
  'content_publications',
  {
    id: id(),
    contentType: contentType().notNull(),
    contentId: uuid().notNull(),
    title: text().notNull(),
    url: text().notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processed: boolean().notNull().default(false),
    createdAt: createdAt(),
    // Beyond docs/product.md §3.1 (decision 017): the announcement campaign covering it, once one is drafted.
    campaignId: uuid().references(() => emailCampaigns.id, { onDelete: 'set null' }),
  },
  (t) => [index('content_publications_processed_idx').on(t.processed, t.publishedAt)],
);

// ---------------------------------------------------------------------------------------------
// Beyond the tables of docs/product.md §3.1 (docs/decisions/002-extra-tables.md)
// ---------------------------------------------------------------------------------------------

/**
 * The links of a campaign (decision 018): a click redirect goes only to a URL listed here for its
 * campaign (no open redirect), and the results count clicks per link.
 */
export const campaignLinks = pgTable(
  'campaign_links',
  {
    id: id(),
    campaignId: uuid()
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('campaign_links_campaign_url_uq').on(t.campaignId, t.url)],
);

/**
 * Secrets the application generates for itself when the environment gives none (the signing key
 * of tracking links must outlive restarts: emails sent weeks ago still carry it).
 */
export const appSecrets = pgTable('app_secrets', {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});

/** Server-side admin sessions: only a hash of the cookie's token is stored. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    rememberMe: boolean().notNull().default(false),
    ip: text(),
    userAgent: text(),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('admin_sessions_user_idx').on(t.userId)],
);

/**
 * Transactional email outbox: a message is written in the same transaction as the change that
 * causes it (a lead, a subscription) and sent by a worker that claims rows with
 * FOR UPDATE SKIP LOCKED, so nothing is lost and several instances never send one row twice.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    /** Stable RFC 5322 Message-ID, reused on every attempt so a duplicate is recognisable. */
    messageId: text().notNull().unique(),
    /** Optional caller-chosen key that makes enqueueing idempotent. */
    dedupeKey: text().unique(),
    templateKey: text(),
    toAddress: text().notNull(),
    fromAddress: text().notNull(),
    replyTo: text(),
    subject: text().notNull(),
    /**
     * Null for a message rendered when it is sent: from `templateKey` with `templateVariables`,
     * by the worker. Its `subject` and `textBody` are then the plain version, sent as they are
     * if the template cannot be rendered at that time.
     */
    html: text(),
    textBody: text().notNull(),
    templateVariables: jsonb().$type<Record<string, unknown>>(),
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** An iCalendar invitation sent as the message's text/calendar part (decision 076). */
    calendar: text(),
    ...outboxDelivery(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The few rows in a sender's hands: the sends to confirm or to reopen (server/email/worker.ts).
    index('email_outbox_leased_idx').on(t.status, t.lockedUntil).where(sql`${t.lockedUntil} is not null`),
  ],
);

/** Uploaded images, re-encoded into several widths under generated names. */
export const media = pgTable('media', {
  id: id(),
  originalName: text().notNull(),
  mimeType: text().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  /** Width -> stored file name, e.g. `{ "480": "ab12.480.webp" }`. */
  variants: jsonb().$type<Record<string, string>>().notNull().default({}),
  byteSize: integer().notNull(),
  uploadedBy: uuid().references(() => adminUsers.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * Answers already given to a client-chosen idempotency key, so a retried submission (a flaky 3G
 * connection, a replay from the offline queue) gets the first answer instead of a second row.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text().notNull(),
    scope: text().notNull(),
    requestHash: text().notNull(),
    responseStatus: integer(),
    responseBody: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_scope_key_uq').on(t.scope, t.key),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

/** Fixed-window rate-limit counters, shared by every instance through the database. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull().default(0),
});

export type AdminUser = typeof adminUsers.$inferSelect;
export type ContactNote = typeof contactNotes.$inferSelect;
export type ContactRequest = typeof contactRequests.$inferSelect;
export type NewsletterSubscription = typeof newsletterSubscriptions.$inferSelect;
export type Service = typeof services.$inferSelect;
export type TeamMember = typeof teamMembers.$inferSelect;
export type BlogPost = typeof blogPosts.$inferSelect;
export type CaseStudy = typeof caseStudies.$inferSelect;
export type Testimonial = typeof testimonials.$inferSelect;
export type ClientLogo = typeof clientLogos.$inferSelect;
export type CompanyStat = typeof companyStats.$inferSelect;
export type SiteSetting = typeof siteSettings.$inferSelect;
export type EmailTemplate = typeof emailTemplates.$inferSelect;
export type OutboxMessage = typeof emailOutbox.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Discovery-call booking (docs/decisions/075-call-slots.md)
// ---------------------------------------------------------------------------------------------

/** An admin's weekly hours for calls, in Kinshasa time: weekday 1 (Monday) to 7, minutes of the day. */
export const bookingHours = pgTable(
  'booking_hours',
  {
    id: id(),
    adminId: uuid()
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    weekday: integer().notNull(),
    startMinute: integer().notNull(),
    endMinute: integer().notNull(),
  },
  (t) => [
    index('booking_hours_admin_idx').on(t.adminId),
    check('booking_hours_weekday', sql`${t.weekday} between 1 and 7`),
    check(
      'booking_hours_range',
      sql`${t.startMinute} >= 0 and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`,
    ),
  ],
);

/** A Kinshasa date on which an admin takes no call. */
export const bookingDaysOff = pgTable(
  'booking_days_off',
  {
    adminId: uuid()
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    day: text().notNull(),
  },
  (t) => [uniqueIndex('booking_days_off_admin_day').on(t.adminId, t.day)],
);

/**
 * A booked discovery call. Two confirmed calls of one admin can never start at the same time, and
 * a lead has one confirmed call at most: partial unique indexes, so that two visitors (or two
 * instances) booking at once get one success, whatever the order of their reads.
 */
export const callBookings = pgTable(
  'call_bookings',
  {
    id: id(),
    contactId: uuid()
      .notNull()
      .references(() => contactRequests.id, { onDelete: 'cascade' }),
    adminId: uuid()
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'restrict' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: ['confirmed', 'cancelled'] })
      .notNull()
      .default('confirmed'),
    /** The invitation's SEQUENCE: raised by each reschedule or cancellation. */
    sequence: integer().notNull().default(0),
    /** The visitor's IANA time zone, for the times their emails show. */
    visitorTimeZone: text().notNull().default('Africa/Kinshasa'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The visit in which the call was booked (decision 084); null when unknown. */
    attribution: jsonb().$type<Attribution>(),
    trafficSource: text(),
  },
  (t) => [
    uniqueIndex('call_bookings_admin_start').on(t.adminId, t.startsAt).where(sql`${t.status} = 'confirmed'`),
    uniqueIndex('call_bookings_contact').on(t.contactId).where(sql`${t.status} = 'confirmed'`),
    index('call_bookings_starts_at_idx').on(t.startsAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Second factor of the admins' sign-in (docs/decisions/079-second-factor.md)
// ---------------------------------------------------------------------------------------------

/** A passkey (WebAuthn credential) of an admin: a second factor, or a sign-in without password. */
export const adminPasskeys = pgTable(
  'admin_passkeys',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    /** The credential's id, base64url, as the browser sends it back at each sign-in. */
    credentialId: text().notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    /** The authenticator's signature counter: 32 bits unsigned, beyond a Postgres integer. */
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    name: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('admin_passkeys_user_idx').on(t.userId)],
);

/**
 * An admin's authenticator app: the TOTP secret, encrypted (AES-256-GCM, key in app_secrets), never
 * sent again after its setup. Unconfirmed until a first code proves the app holds it.
 */
export const adminTotp = pgTable('admin_totp', {
  userId: uuid()
    .primaryKey()
    .references(() => adminUsers.id, { onDelete: 'cascade' }),
  secretEncrypted: text().notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  /** The time step of the last code accepted: a code is never accepted twice. */
  lastUsedStep: bigint({ mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes: only the SHA-256 of each (80 random bits) is kept. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admin_recovery_codes_user_hash').on(t.userId, t.codeHash)],
);

/**
 * A sign-in whose password was right and whose second factor is awaited: not a session, it opens
 * nothing but the second step. Only the SHA-256 of its cookie's token is kept.
 */
export const adminPendingLogins = pgTable(
  'admin_pending_logins',
  {
    id: id(),
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    rememberMe: boolean().notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('admin_pending_logins_expires_idx').on(t.expiresAt)],
);

/**
 * WebAuthn challenges, short-lived and single use (deleted when answered), in the database so that
 * the options and the answer may reach two different instances. Bound to what asked for them: an
 * admin's session (registration), a pending sign-in (second factor), or nothing (a passkey sign-in).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text().primaryKey(),
    purpose: text({ enum: ['register', 'second_factor', 'sign_in'] }).notNull(),
    userId: uuid().references(() => adminUsers.id, { onDelete: 'cascade' }),
    sessionId: uuid().references(() => adminSessions.id, { onDelete: 'cascade' }),
    pendingLoginId: uuid().references(() => adminPendingLogins.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/** The sign-in policy: one row at most (no row: no second factor required). */
export const authSettings = pgTable(
  'auth_settings',
  {
    id: boolean().primaryKey().default(true),
    /** Every admin must sign in with a second factor, and set one up first when they have none. */
    secondFactorRequired: boolean().notNull().default(false),
    updatedBy: uuid().references(() => adminUsers.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('auth_settings_single_row', sql`${t.id}`)],
);

// ---------------------------------------------------------------------------------------------
// Push notifications to the staff's devices (docs/decisions/080-staff-push.md)
// ---------------------------------------------------------------------------------------------

/** A browser (an installed PWA, a desktop browser) an admin allowed to receive notifications. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    /** The push service's address for this browser (RFC 8030); one row per browser. */
    endpoint: text().notNull().unique(),
    /** The browser's public key (P-256) and auth secret, base64url: the payload's encryption (RFC 8291). */
    p256dh: text().notNull(),
    auth: text().notNull(),
    /** What the admin sees in the device list ("Chrome sur Android"). */
    label: text().notNull(),
    /**
     * The kinds of event (common/schemas/push.ts PUSH_EVENTS) this device was told not to announce:
     * it receives every other kind, a kind added later included (docs/decisions/104-push-device-events.md).
     */
    mutedEvents: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    lastSuccessAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * One notification for one device: an outbox, claimed with SKIP LOCKED by one instance, so each
 * device gets it once however many instances run. The dedupe key is the event's and the device's.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: id(),
    subscriptionId: uuid()
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    dedupeKey: text().notNull().unique(),
    /** { title, body, url, tag }: what the service worker shows, and where a tap leads. */
    payload: jsonb().$type<{ title: string; body: string; url: string; tag: string }>().notNull(),
    ...outboxDelivery(),
    createdAt: createdAt(),
  },
  (t) => [index('push_deliveries_due_idx').on(t.status, t.nextAttemptAt)],
);

// ---------------------------------------------------------------------------------------------
// Audience measurement, first-party and cookieless (docs/decisions/084-first-party-audience.md)
// ---------------------------------------------------------------------------------------------

/**
 * The secret salt of one Kinshasa day: a visitor's key is a hash of it, the site, the address and
 * the User-Agent. Salts of past days are deleted, so no key can be linked to another day's.
 */
export const audienceSalts = pgTable('audience_salts', {
  day: text().primaryKey(),
  salt: text().notNull(),
  createdAt: createdAt(),
});

/**
 * One beacon, append-only: a page view, or a page's engaged time. No address, no User-Agent, no
 * cookie: the visitor key is a daily hash. Kept AUDIENCE_RETENTION_DAYS days; the screens read the
 * aggregates below, never these rows. BRIN on the time: rows arrive in time order.
 */
export const audienceEvents = pgTable(
  'audience_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The Kinshasa day (YYYY-MM-DD) of `at`: the salt's day, and the fold's unit. */
    day: text().notNull(),
    visitorKey: text().notNull(),
    type: text({ enum: ['pageview', 'engagement'] }).notNull(),
    path: text().notNull(),
    /** Another site's host, never a full address (`www.` removed). */
    referrerHost: text(),
    /** `visitSource()` of the referrer and UTM source: "Facebook", "Accès direct"… */
    source: text().notNull(),
    utmSource: text(),
    utmMedium: text(),
    utmCampaign: text(),
    utmContent: text(),
    utmTerm: text(),
    device: text().notNull(),
    browser: text().notNull(),
    /** ISO 3166 alpha-2, from the address (which is then dropped); null when unknown. */
    country: text(),
    engagedMs: integer(),
  },
  (t) => [index('audience_events_at_brin').using('brin', t.at)],
);

/**
 * The days' figures, folded from the events: one row per day and per value of a dimension
 * (`total` with value '', `page`, `entry`, `source`, `campaign`, `device`, `country`, `browser`).
 * Visitors are a day's distinct keys (the salt changes every day, so days add up).
 */
export const audienceDaily = pgTable(
  'audience_daily',
  {
    day: text().notNull(),
    dimension: text().notNull(),
    value: text().notNull(),
    visitors: integer().notNull(),
    visits: integer().notNull(),
    pageviews: integer().notNull(),
    /** Visits of one page view and no engaged time past 10 seconds. */
    bounces: integer().notNull(),
    engagedMs: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.dimension, t.value] }),
    index('audience_daily_dimension_day_idx').on(t.dimension, t.day),
  ],
);

/** The hours' totals, folded from the events, for the time chart of one or two days. */
export const audienceHourly = pgTable('audience_hourly', {
  hour: timestamp({ withTimezone: true }).primaryKey(),
  visitors: integer().notNull(),
  visits: integer().notNull(),
  pageviews: integer().notNull(),
  bounces: integer().notNull(),
  engagedMs: bigint({ mode: 'number' }).notNull(),
});

/**
 * The days folded: the events before `foldedUntil` are in the figures (the fold is incremental,
 * server/audience/fold.ts), and `lastEventId` is the newest event folded. A day is final once
 * `foldedUntil` reaches its end; null means the day must be folded again from its start.
 */
export const audienceFolds = pgTable('audience_folds', {
  day: text().primaryKey(),
  lastEventId: bigint({ mode: 'number' }).notNull(),
  foldedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  foldedUntil: timestamp({ withTimezone: true }),
});

/**
 * The incremental fold's memory of the day being folded (deleted once the day is final), one row
 * per visitor key: its latest visit, which its next events may continue (start, last page view,
 * totals, the dimensions its first page view gave it, the pages it saw), and what the key has had
 * that day (the pages it saw, the dimension values of its visits as `dimension:value`), which
 * tells whether its next events make it a new visitor of a page or a value.
 */
export const audienceVisitors = pgTable(
  'audience_visitors',
  {
    day: text().notNull(),
    visitorKey: text().notNull(),
    visitStart: timestamp({ withTimezone: true }).notNull(),
    lastViewAt: timestamp({ withTimezone: true }).notNull(),
    visitPageviews: integer().notNull(),
    visitEngagedMs: bigint({ mode: 'number' }).notNull(),
    entry: text().notNull(),
    source: text().notNull(),
    campaign: text(),
    device: text().notNull(),
    country: text(),
    browser: text().notNull(),
    visitPages: text().array().notNull(),
    pages: text().array().notNull(),
    seen: text().array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitorKey] })],
);

// ---------------------------------------------------------------------------------------------
// Backups (docs/decisions/099-backups.md)
// ---------------------------------------------------------------------------------------------

/**
 * Each backup the server made, the nightly one or an administrator's "Sauvegarder maintenant":
 * the Settings screen shows the last ones. A nightly backup has its Kinshasa date as `slot`, unique:
 * of several instances, the one whose insert takes the slot makes it. The file lives in BACKUP_DIR.
 */
export const backups = pgTable('backups', {
  id: id(),
  /** The night's Kinshasa date (YYYY-MM-DD) for a nightly backup; null for one asked for. */
  slot: text().unique(),
  /** 'running', 'succeeded' or 'failed'. */
  status: text().notNull().default('running'),
  requestedBy: uuid().references(() => adminUsers.id, { onDelete: 'set null' }),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp({ withTimezone: true }),
  fileName: text(),
  size: bigint({ mode: 'number' }),
  /** What went wrong, in French, for the staff. */
  error: text(),
});
