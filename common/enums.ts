/**
 * The enumerations of docs/product.md §4.1, shared by the database schema, the zod schemas and the UI.
 * Order matters where a UI lists them (blog categories, contact statuses).
 */
export const CONTACT_STATUSES = ['nouveau', 'en_cours', 'traite'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/**
 * What a lead's timeline records: a note written by the staff, a change of status, owner or next
 * action, the quick actions that log themselves (an email written, a call, WhatsApp opened), a
 * lead kept "À vérifier" said not to be spam (`review`, docs/decisions/083), and the discovery
 * call booked, moved or cancelled (`booking`, with what it changed of the lead's owner and status).
 */
export const CONTACT_NOTE_KINDS = [
  'note',
  'status',
  'owner',
  'next_action',
  'email',
  'call',
  'whatsapp',
  'review',
  'booking',
] as const;
export type ContactNoteKind = (typeof CONTACT_NOTE_KINDS)[number];
/** The quick actions of a lead's panel that log themselves. */
export const CONTACT_TOUCH_KINDS = [
  'email',
  'call',
  'whatsapp',
] as const satisfies readonly ContactNoteKind[];
export type ContactTouchKind = (typeof CONTACT_TOUCH_KINDS)[number];

export const SUBSCRIBER_STATUSES = ['pending', 'active', 'unsubscribed', 'bounced'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const TOKEN_TYPES = ['confirm', 'manage', 'unsubscribe'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'failed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const JOB_STATUSES = ['queued', 'sent', 'failed', 'bounced', 'complained'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const EMAIL_EVENT_TYPES = ['open', 'click', 'bounce', 'complaint', 'delivery'] as const;
export type EmailEventType = (typeof EMAIL_EVENT_TYPES)[number];

export const CONTENT_TYPES = ['blog', 'portfolio'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const BLOG_CATEGORIES = [
  'strategie_marketing',
  'marketing_digital',
  'branding',
  'growth_hacking',
  'analytics',
  'tendances',
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** French labels shown to readers for each blog category. */
export const BLOG_CATEGORY_LABELS: Record<BlogCategory, string> = {
  strategie_marketing: 'Stratégie marketing',
  marketing_digital: 'Marketing digital',
  branding: 'Branding',
  growth_hacking: 'Growth hacking',
  analytics: 'Analytics',
  tendances: 'Tendances',
};

/** Beyond the enumerations of docs/product.md §4.1: the life of one outbox message (decision 002). */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
