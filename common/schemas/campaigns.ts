/**
 * Email templates and campaigns (decisions 017 to 019): the API contract shared by the server and
 * the admin. Dates travel as ISO strings. Every /api/admin route is behind the session guard (401,
 * CSRF on writes, no-store).
 *
 * Templates (server/api/admin/email-templates.ts):
 * - GET    /api/admin/email-templates                 -> { templates: EmailTemplateSummary[] }
 * - GET    /api/admin/email-templates/:id             -> { template: EmailTemplateDetail }
 * - POST   /api/admin/email-templates                 TemplateCreate -> 201 { template }
 * - PUT    /api/admin/email-templates/:id             TemplateUpdate -> { template } (400 with
 *          fields.mjml and `mjmlErrors` when the MJML does not compile)
 * - POST   /api/admin/email-templates/to-blocks       TemplateToBlocks -> TemplateToBlocksResult
 *          (the MJML editor's switch back to the block composer)
 * - POST   /api/admin/email-templates/compile         TemplateCompile -> TemplateCompileResult
 *          (live preview: the HTML with the example values of the variables, and MJML's errors)
 * - DELETE /api/admin/email-templates/:id             -> 204 (409 for built-in templates or one a
 *          campaign uses)
 *
 * Campaigns (server/api/admin/campaigns.ts):
 * - GET    /api/admin/campaigns?CampaignListQuery      -> Page<CampaignSummary>
 * - GET    /api/admin/campaigns/:id                    -> { campaign: CampaignDetail }
 * - POST   /api/admin/campaigns                        CampaignInput -> 201 { campaign }
 * - PUT    /api/admin/campaigns/:id                    CampaignInput -> { campaign } (draft or scheduled only, else 409)
 * - DELETE /api/admin/campaigns/:id                    -> 204 (draft only)
 * - POST   /api/admin/campaigns/segment-count          { segment: Segment } -> { count }
 * - GET    /api/admin/campaigns/:id/preview?subscriberId=   -> CampaignPreview (one subscriber, or
 *          example values without subscriberId; never tracked)
 * - POST   /api/admin/campaigns/:id/test               { email, subscriberId? } -> 202 (subject prefixed
 *          '[TEST] ', greeting the subscriber's first name when one is given)
 * - POST   /api/admin/campaigns/compose-preview        ComposePreview -> CampaignPreview (the composer's
 *          live preview of unsaved blocks, example links, never tracked)
 * - POST   /api/admin/campaigns/:id/send               -> { campaign } (now: jobs created, status sending)
 * - POST   /api/admin/campaigns/:id/schedule           { scheduledAt } -> { campaign } (status scheduled)
 *          Both answer 422 `not_ready` with `problems` (CampaignDetail.problems) when the campaign
 *          has an empty subject or body, nobody to send to, or a broken link.
 * - POST   /api/admin/campaigns/:id/unschedule         -> { campaign } (back to draft)
 * - POST   /api/admin/campaigns/:id/pause              -> { campaign } (sending, paused)
 * - POST   /api/admin/campaigns/:id/resume             -> { campaign }
 * - POST   /api/admin/campaigns/:id/cancel             -> { campaign } (queued jobs dropped; see CampaignDetail)
 * - GET    /api/admin/campaigns/:id/results            -> CampaignResults
 * - GET    /api/admin/campaigns/new-content            -> { publications: PendingPublication[] }
 * - POST   /api/admin/campaigns/announcement           { publicationIds } -> 201 { campaign } (a draft
 *          pre-filled from the 'content_announcement' template; sending it marks the publications processed)
 *
 * Tracking and provider events (public, no session):
 * - GET  /t/o/:token     open pixel (1x1 GIF, no-store), records an `open`
 * - GET  /t/c/:token     click: 302 to the campaign's URL the token designates, records a `click`;
 *                        a URL that was not in the campaign -> 404 (no open redirect)
 * - POST /api/webhooks/email   delivery/bounce/complaint events, `Authorization: Bearer <EMAIL_WEBHOOK_SECRET>`
 */
import { z } from 'zod';
import { CAMPAIGN_STATUSES, type CampaignStatus, type ContentType, type JobStatus } from '../enums.ts';
import { TagSchema } from './admin.ts';
import { type CampaignBlock, CampaignBlocksSchema } from './campaign-blocks.ts';
import { optionalFilter, requiredText } from './fields.ts';
import { type TemplateBlocks, TemplateBlocksSchema, VARIABLE_NAME } from './template-blocks.ts';

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Brouillon',
  scheduled: 'Programmée',
  sending: 'En cours d’envoi',
  sent: 'Envoyée',
  failed: 'Échouée',
};

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'En attente',
  sent: 'Envoyé',
  failed: 'Échec',
  bounced: 'Rejeté',
  complained: 'Plainte',
};

/** Who receives a campaign: always and only `active` subscribers, narrowed by these criteria. */
export const SegmentSchema = z
  .object({
    /** Subscribers having at least one of these tags (none: every active subscriber). */
    tags: z.array(TagSchema).max(30, { error: '30 étiquettes au plus' }).default([]),
    locale: optionalFilter(10, 'Langue invalide'),
    /** Confirmed on or after / before these dates (YYYY-MM-DD, Kinshasa time). */
    subscribedFrom: z.iso.date({ error: 'Date invalide' }).optional(),
    subscribedTo: z.iso.date({ error: 'Date invalide' }).optional(),
  })
  .strict()
  .refine((s) => !s.subscribedFrom || !s.subscribedTo || s.subscribedFrom <= s.subscribedTo, {
    error: 'La date de fin doit suivre la date de début',
    path: ['subscribedTo'],
  });
export type Segment = z.infer<typeof SegmentSchema>;

const email = z
  .string({ error: 'Email invalide' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'Email invalide' })
  .pipe(z.email({ error: 'Email invalide' }));

export const CampaignInputSchema = z
  .object({
    title: requiredText(2, 200, {
      missing: 'Le titre est requis',
      short: 'Le titre doit contenir au moins 2 caractères',
      long: 'Titre trop long (200 caractères au plus)',
    }),
    subject: requiredText(2, 200, {
      missing: 'L’objet est requis',
      short: 'L’objet doit contenir au moins 2 caractères',
      long: 'Objet trop long (200 caractères au plus)',
    }).refine((v) => !/[\r\n]/.test(v), { error: 'L’objet ne peut pas contenir de retour à la ligne' }),
    /** Absent: the settings' sender (email.sender_name / email.sender_email). */
    senderName: z
      .string()
      .trim()
      .max(100, { error: 'Nom trop long' })
      .refine((v) => !/[\r\n<>"]/.test(v), { error: 'Nom d’expéditeur invalide' })
      .optional(),
    senderEmail: email.optional(),
    /** The MJML template the campaign fills ("Avancé"); absent for a campaign written in blocks. */
    templateId: z.uuid({ error: 'Choisissez un modèle' }).optional(),
    /** The composer's blocks (decision 073); absent for a campaign on a template. */
    blocks: CampaignBlocksSchema.optional(),
    segment: SegmentSchema,
    /** Content blocks the template shows (e.g. the monthly newsletter's text), Markdown-free plain text or HTML-escaped by Mustache. */
    content: z.record(z.string(), z.string().max(20_000)).default({}),
  })
  .strict()
  // One body: the blocks, or a template (an empty list of blocks is a draft still to write).
  .refine((c) => (c.templateId === undefined) !== (c.blocks === undefined), {
    error: 'Choisissez un modèle',
    path: ['templateId'],
  });
export type CampaignInput = z.infer<typeof CampaignInputSchema>;

/** The first name a preview or a test greets when no subscriber is chosen. */
export const EXAMPLE_FIRST_NAME = 'Grâce';

export const CampaignScheduleSchema = z.object({
  scheduledAt: z.iso.datetime({ offset: true, error: 'Date et heure invalides' }),
});
export const CampaignTestSchema = z.object({
  email,
  /** Greet the test as this subscriber would be greeted (their first name; links stay examples). */
  subscriberId: z.uuid({ error: 'Abonné invalide' }).optional(),
});
export const CampaignListQuerySchema = z.object({
  status: z.enum(CAMPAIGN_STATUSES, { error: 'Statut invalide' }).optional(),
  page: z.coerce.number().int().min(1, { error: 'Page invalide' }).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, { error: 'Taille de page invalide' }).default(20),
});
export const AnnouncementSchema = z.object({
  publicationIds: z.array(z.uuid()).min(1, { error: 'Choisissez au moins une publication' }).max(20),
});

export const TemplateVariableSchema = z.object({
  name: z.string().trim().regex(VARIABLE_NAME, { error: 'Nom de variable invalide' }).max(50),
  description: z.string().trim().max(200).default(''),
  example: z.string().max(2_000).optional(),
});
export const TemplateUpdateSchema = z
  .object({
    name: z.string().trim().min(2, { error: 'Le nom doit contenir au moins 2 caractères' }).max(100),
    subject: z
      .string()
      .trim()
      .max(200)
      .refine((v) => !/[\r\n]/.test(v), { error: 'L’objet ne peut pas contenir de retour à la ligne' }),
    /** Ignored when `blocks` is given: the MJML is then what the blocks compose to. */
    mjml: z.string().max(200_000, { error: 'Modèle trop long' }).default(''),
    /** The composer's blocks; absent when the template is saved from the MJML editor. */
    blocks: TemplateBlocksSchema.optional(),
    variables: z.array(TemplateVariableSchema).max(50).default([]),
  })
  .strict();
export const TemplateCreateSchema = TemplateUpdateSchema.extend({
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]*$/, { error: 'Clé invalide : lettres minuscules, chiffres et _' })
    .max(50),
});
export const TemplateCompileSchema = z.object({
  mjml: z.string().max(200_000, { error: 'Modèle trop long' }).default(''),
  /** The composer's unsaved blocks: previewed as the MJML they compose to (`mjml` is then ignored). */
  blocks: TemplateBlocksSchema.optional(),
  variables: z.array(TemplateVariableSchema).max(50).default([]),
});

export type TemplateVariableInfo = z.infer<typeof TemplateVariableSchema>;

/** Variables the sending fills for each recipient (server/campaigns/render.ts): not content the admin writes. */
const FILLED_AT_SENDING = new Set([
  'firstName',
  'manageUrl',
  'unsubscribeUrl',
  'companyAddress',
  'siteUrl',
  'publications',
  'campaignTitle',
]);

/** The template's variables the admin writes for each campaign. */
export const contentVariables = (template: { variables: TemplateVariableInfo[] } | undefined) =>
  (template?.variables ?? []).filter((v) => !FILLED_AT_SENDING.has(v.name));
/** One MJML problem, in French, with its line when MJML gave one. */
export type MjmlProblem = { line: number | null; message: string };
export type TemplateCompileResult = {
  html: string;
  errors: MjmlProblem[];
  /** The MJML the blocks compose to, when blocks were compiled: what the MJML editor opens. */
  mjml?: string;
};

export type EmailTemplateSummary = {
  id: string;
  key: string;
  name: string;
  subject: string;
  /** Built-in templates (confirmation, welcome, lead notification...) can be edited, not deleted. */
  builtIn: boolean;
  variables: TemplateVariableInfo[];
  updatedAt: string;
};
export type EmailTemplateDetail = EmailTemplateSummary & {
  mjml: string;
  compiledHtml: string;
  /** The composer's blocks; null when the template is an expert's MJML. */
  blocks: TemplateBlocks | null;
};
export const TemplateToBlocksSchema = z.object({
  mjml: z.string().max(200_000, { error: 'Modèle trop long' }),
});
/** The MJML editor's switch back to the composer: the blocks, or why there are none. */
export type TemplateToBlocksResult = { blocks: TemplateBlocks | null; message: string };

export type CampaignSummary = {
  id: string;
  title: string;
  subject: string;
  status: CampaignStatus;
  /** True while sending is paused (status stays 'sending'). */
  paused: boolean;
  scheduledAt: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Jobs by status (all zero before sending). */
  jobs: Record<JobStatus, number> & { total: number };
};

export type CampaignDetail = CampaignSummary & {
  senderName: string;
  senderEmail: string;
  templateId: string | null;
  templateName: string | null;
  /** The composer's blocks; null for a campaign on a template. */
  blocks: CampaignBlock[] | null;
  segment: Segment;
  content: Record<string, string>;
  /** Recipients the segment matches now (before sending) or jobs created (after). */
  recipientCount: number;
  /** Set when cancelled while sending: the queued jobs were dropped. */
  cancelledAt: string | null;
  /** content_publications this announcement covers (marked processed when it is sent). */
  publicationIds: string[];
  /**
   * Why it cannot be sent or scheduled now, in French (empty subject or body, nobody to send to, a
   * broken link...): empty when it is ready. Always empty once sending has started.
   */
  problems: string[];
};

export const ComposePreviewSchema = z.object({
  subject: z.string().max(200).default(''),
  blocks: CampaignBlocksSchema,
  /** Shown as the first name; null shows the chips' fallback words. */
  firstName: z.string().trim().max(100).nullable().default(null),
});
export type ComposePreview = z.input<typeof ComposePreviewSchema>;

export type CampaignPreview = { subject: string; html: string; text: string; subscriberEmail: string | null };

export type CampaignResults = {
  sent: number;
  failed: number;
  queued: number;
  opens: number;
  uniqueOpens: number;
  clicks: number;
  uniqueClicks: number;
  bounces: number;
  complaints: number;
  unsubscribes: number;
  /** Hourly buckets from the first send (ISO hour), for the chart. */
  timeline: { hour: string; sent: number; opens: number; clicks: number }[];
  topLinks: { url: string; clicks: number; uniqueClicks: number }[];
  /** False when per-person tracking is switched off in the settings (opens/clicks then stay 0). */
  trackingEnabled: boolean;
  /**
   * The `utm_campaign` its links to the site carry (decision 084): given when it was first
   * scheduled or sent, never changed; null before, and for a campaign sent before it existed.
   */
  utmCampaign: string | null;
  /** Visits of the site that came from its links, since the day of its first send (audience_daily). */
  visits: number;
  /** Leads (contact requests not kept "À vérifier") whose visit came from its links, since then. */
  leads: number;
  /** Newsletter sign-ups (not kept "À vérifier") whose visit came from its links, since then. */
  signUps: number;
  /** Confirmed booked calls whose visit came from its links, since then. */
  bookedCalls: number;
};

export type PendingPublication = {
  id: string;
  contentType: ContentType;
  title: string;
  url: string;
  publishedAt: string;
};
