/**
 * The email screens' data (contract in common/schemas/campaigns.ts): query definitions, keyed by
 * API path like every admin query, and the writes. Every campaign write refreshes the campaigns
 * list, the dashboard and the activity log; a template write, the templates.
 */
import type { z } from 'zod';
import type { CampaignStatus } from '#common/enums.ts';
import type { Page, SubscriberPage } from '#common/schemas/admin.ts';
import type {
  CampaignDetail,
  CampaignInput,
  CampaignPreview,
  CampaignResults,
  CampaignSummary,
  ComposePreview,
  EmailTemplateDetail,
  EmailTemplateSummary,
  PendingPublication,
  Segment,
  TemplateCompileResult,
  TemplateCreateSchema,
  TemplateToBlocksResult,
  TemplateVariableInfo,
} from '#common/schemas/campaigns.ts';
import type { AdminSetting } from '#common/schemas/settings-admin.ts';
import type { TemplateBlocks } from '#common/schemas/template-blocks.ts';
import { ApiError, apiRequest } from '~/lib/api';
import { adminItems, adminListQuery, createAdminMutation, createAdminQuery } from '../data/admin-data';
import { ACTIVITY_KEY, CAMPAIGNS_KEY, DASHBOARD_KEY } from '../data/queries';
import type { ItemList } from '../kit/item-screen';
import { subscribersQuery } from '../newsletter/data';
import { settingsQuery } from '../settings/data';

export const TEMPLATES_KEY = '/api/admin/email-templates';
export { CAMPAIGNS_KEY };

/** The campaigns' list, where a campaign's screens (its page, its editor) go back to. */
export const CAMPAIGN_LIST: ItemList = {
  to: '/admin/emails/campaigns',
  label: 'Toutes les campagnes',
  missing: 'Cette campagne n’existe pas ou a été supprimée.',
};

/** How often a campaign being sent is re-read (progress and results). */
export const SENDING_POLL_INTERVAL = 3_000;

async function sendJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

// ---- templates --------------------------------------------------------------------------------

export const templatesQuery = createAdminQuery({
  queryKey: [TEMPLATES_KEY, 'list'],
  url: TEMPLATES_KEY,
  pick: (body: { templates: EmailTemplateSummary[] }) => body.templates,
});

const templates = adminItems(TEMPLATES_KEY);
export const templateUrl = templates.url;
export const templateQuery = (id: string) =>
  templates.query(id, (body: { template: EmailTemplateDetail }) => body.template);

/**
 * The live preview of the editor: the same source and variables give the same answer. With the
 * composer's blocks, they are compiled (and their MJML comes back) instead of `mjml`.
 */
export function templateCompileQuery(
  mjml: string,
  variables: TemplateVariableInfo[],
  blocks?: TemplateBlocks,
) {
  return {
    queryKey: [
      TEMPLATES_KEY,
      'compile',
      mjml,
      JSON.stringify(variables),
      JSON.stringify(blocks ?? null),
    ] as const,
    queryFn: () =>
      sendJson<TemplateCompileResult>('POST', `${TEMPLATES_KEY}/compile`, { mjml, variables, blocks }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  };
}

/** The MJML editor's way back to the composer: the source's blocks, or why it cannot open there. */
export const templateToBlocks = (mjml: string) =>
  sendJson<TemplateToBlocksResult>('POST', `${TEMPLATES_KEY}/to-blocks`, { mjml });

/** The problems of a refused save: `error.mjmlErrors` of the 400 (see the contract). */
export function mjmlErrorsOf(error: unknown): { line: number | null; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  try {
    const body = JSON.parse(error.body) as {
      error?: { mjmlErrors?: { line: number | null; message: string }[] };
    };
    return body.error?.mjmlErrors ?? [];
  } catch {
    return [];
  }
}

export type TemplateValues = z.output<typeof TemplateCreateSchema>;

/** Creation (no id) or replacement of a template; its key is set at creation only. */
export const saveTemplateMutation = createAdminMutation({
  method: ({ id }: { id: string | null; values: TemplateValues }) => (id ? 'PUT' : 'POST'),
  url: ({ id }) => (id ? templateUrl(id) : TEMPLATES_KEY),
  body: ({ id, values: { key, ...update } }) => (id ? update : { key, ...update }),
  read: (body: { template: EmailTemplateDetail }) => body.template,
  updates: (saved) => [templateQuery(saved.id).queryKey, saved],
  invalidates: [[TEMPLATES_KEY, 'list']],
  toast: (saved) => ({ title: 'Modèle enregistré', description: saved.name }),
});

export const deleteTemplateMutation = createAdminMutation({
  method: 'DELETE',
  url: (template: EmailTemplateDetail) => templateUrl(template.id),
  invalidates: [TEMPLATES_KEY],
  toast: (template) => ({ title: 'Modèle supprimé', description: template.name }),
  errorToast: { title: 'Suppression impossible' },
});

// ---- campaigns --------------------------------------------------------------------------------

export type CampaignListParams = { status?: CampaignStatus; page?: number };

export const campaignsQuery = adminListQuery<Page<CampaignSummary>, CampaignListParams>(CAMPAIGNS_KEY, {
  page: 1,
});

const campaigns = adminItems(CAMPAIGNS_KEY);
export const campaignUrl = campaigns.url;

const readCampaign = (body: { campaign: CampaignDetail }) => body.campaign;

const pollWhileSending = (query: { state: { data?: { status: CampaignStatus } | undefined } }) =>
  query.state.data?.status === 'sending' ? SENDING_POLL_INTERVAL : false;

export function campaignQuery(id: string) {
  return {
    ...campaigns.query(id, readCampaign),
    // Progress while sending only: a draft or a sent campaign does not change by itself.
    refetchInterval: pollWhileSending,
  };
}

export function campaignResultsQuery(id: string, sending: boolean) {
  return {
    ...createAdminQuery<CampaignResults>({
      queryKey: [CAMPAIGNS_KEY, 'results', id],
      url: `${campaignUrl(id)}/results`,
    }),
    refetchInterval: sending ? SENDING_POLL_INTERVAL : (false as const),
  };
}

export function campaignPreviewQuery(id: string) {
  return {
    ...createAdminQuery<CampaignPreview>({
      queryKey: [CAMPAIGNS_KEY, 'preview', id],
      url: `${campaignUrl(id)}/preview`,
    }),
    staleTime: 0,
  };
}

/** The composer's live preview of unsaved blocks: the same input gives the same answer. */
/**
 * The preview of unsaved blocks. Its key leaves out the blocks' ids, which the email does not
 * show: a new campaign's starter blocks, fetched by the screen before the form gives them their
 * ids, are the preview the composer then finds.
 */
export function composePreviewQuery(input: ComposePreview) {
  const content = { ...input, blocks: input.blocks.map(({ id: _id, ...block }) => block) };
  return {
    queryKey: [CAMPAIGNS_KEY, 'compose-preview', JSON.stringify(content)] as const,
    queryFn: () => sendJson<CampaignPreview>('POST', `${CAMPAIGNS_KEY}/compose-preview`, input),
    staleTime: 60_000,
    retry: false,
  };
}

export const newContentQuery = createAdminQuery({
  queryKey: [CAMPAIGNS_KEY, 'new-content'],
  url: `${CAMPAIGNS_KEY}/new-content`,
  pick: (body: { publications: PendingPublication[] }) => body.publications,
});

export function segmentCountQuery(segment: Segment) {
  return {
    queryKey: [CAMPAIGNS_KEY, 'segment-count', JSON.stringify(segment)] as const,
    queryFn: async () =>
      (await sendJson<{ count: number }>('POST', `${CAMPAIGNS_KEY}/segment-count`, { segment })).count,
    staleTime: 10_000,
    retry: false,
  };
}

/**
 * Every tag the subscribers carry (the newsletter list answers them with its first page). The
 * cache holds the page, as the subscribers screen reads it under the same key.
 */
export const subscriberTagsQuery = {
  ...subscribersQuery({ pageSize: 1 }),
  select: (page: SubscriberPage) => page.tags,
};

/**
 * The settings' sender, shown as the placeholder of an empty sender field. The cache holds the
 * settings list, as the settings screen reads it under the same key.
 */
export const senderDefaultsQuery = {
  ...settingsQuery,
  select: (settings: AdminSetting[]) => {
    const value = (key: string) => settings.find((s) => s.key === key)?.value ?? '';
    return { name: value('email.sender_name'), email: value('email.sender_email') };
  },
  staleTime: 60_000,
};

const CAMPAIGN_WRITE_REFRESHES = [CAMPAIGNS_KEY, DASHBOARD_KEY, ACTIVITY_KEY];
/** A campaign write answers the campaign: it replaces the cached one before the lists refresh. */
const replacesCampaign = (campaign: CampaignDetail) =>
  [campaignQuery(campaign.id).queryKey, campaign] as const;

/** Creation (no id) or change of a draft; the editor sends only the blocks its template shows. */
export const saveCampaignMutation = createAdminMutation({
  method: ({ id }: { id: string | null; values: CampaignInput }) => (id ? 'PUT' : 'POST'),
  url: ({ id }) => (id ? campaignUrl(id) : CAMPAIGNS_KEY),
  body: ({ values }) => values,
  read: readCampaign,
  updates: replacesCampaign,
  invalidates: CAMPAIGN_WRITE_REFRESHES,
  toast: (saved, { id }) => ({
    title: id ? 'Campagne enregistrée' : 'Brouillon créé',
    description: saved.title,
  }),
});

export type CampaignAction = 'send' | 'unschedule' | 'pause' | 'resume' | 'cancel';
export type CampaignActionRequest = { action: CampaignAction } | { action: 'schedule'; scheduledAt: string };
export type CampaignActionInput = { id: string } & CampaignActionRequest;

export const campaignActionMutation = createAdminMutation({
  method: 'POST',
  url: (input: CampaignActionInput) => `${campaignUrl(input.id)}/${input.action}`,
  body: (input) => (input.action === 'schedule' ? { scheduledAt: input.scheduledAt } : undefined),
  read: readCampaign,
  updates: replacesCampaign,
  invalidates: CAMPAIGN_WRITE_REFRESHES,
});

/** A test email to one address, greeting a chosen subscriber or an example; nothing cached changes. */
export const testSendMutation = createAdminMutation({
  method: 'POST',
  url: ({ id }: { id: string; email: string; subscriberId?: string }) => `${campaignUrl(id)}/test`,
  body: ({ email, subscriberId }) => (subscriberId ? { email, subscriberId } : { email }),
});

export const deleteCampaignMutation = createAdminMutation({
  method: 'DELETE',
  url: (id: string) => campaignUrl(id),
  invalidates: CAMPAIGN_WRITE_REFRESHES,
});

export const announcementMutation = createAdminMutation({
  method: 'POST',
  url: `${CAMPAIGNS_KEY}/announcement`,
  body: (publicationIds: string[]) => ({ publicationIds }),
  read: readCampaign,
  updates: replacesCampaign,
  invalidates: CAMPAIGN_WRITE_REFRESHES,
});
