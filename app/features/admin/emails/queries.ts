/**
 * The email screens' data (issue 8; contract in common/schemas/campaigns.ts): query definitions,
 * keyed by API path like every admin query, and the writes. Every write refreshes the campaigns or
 * templates lists, the dashboard and the activity log.
 */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignStatus } from '#common/enums.ts';
import type { Page, SubscriberPage } from '#common/schemas/admin.ts';
import type {
  CampaignDetail,
  CampaignPreview,
  CampaignResults,
  CampaignSummary,
  EmailTemplateDetail,
  EmailTemplateSummary,
  PendingPublication,
  Segment,
  TemplateCompileResult,
  TemplateVariableInfo,
} from '#common/schemas/campaigns.ts';
import type { AdminSetting } from '#common/schemas/settings-admin.ts';
import { ApiError, apiRequest, getJson } from '~/lib/api';
import { invalidate } from '../admin-data';
import { ACTIVITY_KEY, DASHBOARD_KEY, SUBSCRIBERS_KEY } from '../queries';

export const TEMPLATES_KEY = '/api/admin/email-templates';
export const CAMPAIGNS_KEY = '/api/admin/campaigns';
const SETTINGS_KEY = '/api/admin/settings';

/** How often a campaign being sent is re-read (progress and results). */
export const SENDING_POLL_INTERVAL = 3_000;

async function sendJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

// ---- templates --------------------------------------------------------------------------------

export const templatesQuery = {
  queryKey: [TEMPLATES_KEY, 'list'] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await getJson<{ templates: EmailTemplateSummary[] }>(TEMPLATES_KEY, signal)).templates,
};

export const templateUrl = (id: string) => `${TEMPLATES_KEY}/${encodeURIComponent(id)}`;

export function templateQuery(id: string) {
  return {
    queryKey: [TEMPLATES_KEY, 'detail', id] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }) =>
      (await getJson<{ template: EmailTemplateDetail }>(templateUrl(id), signal)).template,
  };
}

/** The live preview of the editor: the same source and variables give the same answer. */
export function templateCompileQuery(mjml: string, variables: TemplateVariableInfo[]) {
  return {
    queryKey: [TEMPLATES_KEY, 'compile', mjml, JSON.stringify(variables)] as const,
    queryFn: () => sendJson<TemplateCompileResult>('POST', `${TEMPLATES_KEY}/compile`, { mjml, variables }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  };
}

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

// ---- campaigns --------------------------------------------------------------------------------

export type CampaignListParams = { status?: CampaignStatus; page?: number };

export function campaignsQuery(params: CampaignListParams = {}) {
  const search = new URLSearchParams();
  if (params.status) search.set('status', params.status);
  if (params.page && params.page > 1) search.set('page', String(params.page));
  return {
    queryKey: [CAMPAIGNS_KEY, 'list', search.toString()] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      getJson<Page<CampaignSummary>>(`${CAMPAIGNS_KEY}?${search}`, signal),
  };
}

export const campaignUrl = (id: string) => `${CAMPAIGNS_KEY}/${encodeURIComponent(id)}`;

const pollWhileSending = (query: { state: { data?: { status: CampaignStatus } | undefined } }) =>
  query.state.data?.status === 'sending' ? SENDING_POLL_INTERVAL : false;

export function campaignQuery(id: string) {
  return {
    queryKey: [CAMPAIGNS_KEY, 'detail', id] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }) =>
      (await getJson<{ campaign: CampaignDetail }>(campaignUrl(id), signal)).campaign,
    // Progress while sending only: a draft or a sent campaign does not change by itself.
    refetchInterval: pollWhileSending,
  };
}

export function campaignResultsQuery(id: string, sending: boolean) {
  return {
    queryKey: [CAMPAIGNS_KEY, 'results', id] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      getJson<CampaignResults>(`${campaignUrl(id)}/results`, signal),
    refetchInterval: sending ? SENDING_POLL_INTERVAL : (false as const),
  };
}

export function campaignPreviewQuery(id: string) {
  return {
    queryKey: [CAMPAIGNS_KEY, 'preview', id] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      getJson<CampaignPreview>(`${campaignUrl(id)}/preview`, signal),
    staleTime: 0,
  };
}

export const newContentQuery = {
  queryKey: [CAMPAIGNS_KEY, 'new-content'] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await getJson<{ publications: PendingPublication[] }>(`${CAMPAIGNS_KEY}/new-content`, signal))
      .publications,
};

export function segmentCountQuery(segment: Segment) {
  return {
    queryKey: [CAMPAIGNS_KEY, 'segment-count', JSON.stringify(segment)] as const,
    queryFn: async () =>
      (await sendJson<{ count: number }>('POST', `${CAMPAIGNS_KEY}/segment-count`, { segment })).count,
    staleTime: 10_000,
    retry: false,
  };
}

/** Every tag the subscribers carry (the newsletter list answers them with its first page). */
export const subscriberTagsQuery = {
  queryKey: [SUBSCRIBERS_KEY, 'list', 'pageSize=1'] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await getJson<SubscriberPage>(`${SUBSCRIBERS_KEY}?pageSize=1`, signal)).tags,
};

/** The settings' sender, shown as the placeholder of an empty sender field. */
export const senderDefaultsQuery = {
  queryKey: [SETTINGS_KEY] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }) => {
    const { settings } = await getJson<{ settings: AdminSetting[] }>(SETTINGS_KEY, signal);
    const value = (key: string) => settings.find((s) => s.key === key)?.value ?? '';
    return { name: value('email.sender_name'), email: value('email.sender_email') };
  },
  staleTime: 60_000,
};

export function refreshCampaigns(client: QueryClient, campaign?: CampaignDetail) {
  if (campaign) client.setQueryData(campaignQuery(campaign.id).queryKey, campaign);
  invalidate(client, CAMPAIGNS_KEY, DASHBOARD_KEY, ACTIVITY_KEY);
}

export type CampaignAction = 'send' | 'unschedule' | 'pause' | 'resume' | 'cancel';

export function useCampaignAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { action: CampaignAction } | { action: 'schedule'; scheduledAt: string }) =>
      (
        await sendJson<{ campaign: CampaignDetail }>(
          'POST',
          `${campaignUrl(id)}/${input.action}`,
          input.action === 'schedule' ? { scheduledAt: input.scheduledAt } : undefined,
        )
      ).campaign,
    retry: false,
    onSuccess: (campaign) => refreshCampaigns(client, campaign),
  });
}

export function useTestSend(
  id: string,
  callbacks: { onSuccess: (email: string) => void; onError: (error: unknown) => void },
) {
  return useMutation({
    mutationFn: async (email: string) => {
      await sendJson<unknown>('POST', `${campaignUrl(id)}/test`, { email });
      return email;
    },
    retry: false,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}

export function useDeleteCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson<unknown>('DELETE', campaignUrl(id)),
    retry: false,
    onSuccess: () => refreshCampaigns(client),
  });
}

export function useAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (publicationIds: string[]) =>
      (
        await sendJson<{ campaign: CampaignDetail }>('POST', `${CAMPAIGNS_KEY}/announcement`, {
          publicationIds,
        })
      ).campaign,
    retry: false,
    onSuccess: (campaign) => refreshCampaigns(client, campaign),
  });
}

export { sendJson };
