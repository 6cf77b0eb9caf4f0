/**
 * The portfolio screen's data: the list query (key starting with the API path) and the writes,
 * each refreshing the list, the dashboard and the activity log.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCaseStudy,
  AdminCaseStudyPage,
  CaseStudyInput,
  CaseStudyListQuery,
} from '#common/schemas/portfolio-admin.ts';
import { apiRequest, getJson } from '~/lib/api';
import { invalidate } from '../admin-data';
import { ACTIVITY_KEY, DASHBOARD_KEY, toSearch } from '../queries';

export const PORTFOLIO_KEY = '/api/admin/portfolio';
export type CaseStudyListParams = Partial<CaseStudyListQuery>;
export const CASE_STUDY_LIST_DEFAULTS = { page: 1, pageSize: 20 } as const;

export function caseStudiesQuery(params: CaseStudyListParams = {}) {
  const search = toSearch(params as Record<string, string | number | undefined>, CASE_STUDY_LIST_DEFAULTS);
  return {
    queryKey: [PORTFOLIO_KEY, 'list', search.toString()] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      getJson<AdminCaseStudyPage>(`${PORTFOLIO_KEY}?${search}`, signal),
  };
}

const caseStudyUrl = (id: string) => `${PORTFOLIO_KEY}/${encodeURIComponent(id)}`;
const read = async (response: Response) =>
  ((await response.json()) as { caseStudy: AdminCaseStudy }).caseStudy;

function useRefresh() {
  const queryClient = useQueryClient();
  return () => invalidate(queryClient, PORTFOLIO_KEY, DASHBOARD_KEY, ACTIVITY_KEY);
}

/** Creates (no id) or replaces a case study; `publish` then publishes it. */
export function useSaveCaseStudy() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      id,
      values,
      publish,
    }: {
      id?: string;
      values: CaseStudyInput;
      publish: boolean;
    }) => {
      let saved = await read(
        id
          ? await apiRequest('PUT', caseStudyUrl(id), values)
          : await apiRequest('POST', PORTFOLIO_KEY, values),
      );
      if (publish && !saved.isPublished)
        saved = await read(await apiRequest('POST', `${caseStudyUrl(saved.id)}/publish`));
      return saved;
    },
    retry: false,
    // Refreshed even on failure: a creation may have succeeded before its publication failed.
    onSettled: () => refresh(),
  });
}

export function useCaseStudyPublication() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'publish' | 'unpublish' }) =>
      read(await apiRequest('POST', `${caseStudyUrl(id)}/${action}`)),
    retry: false,
    onSuccess: () => refresh(),
  });
}

export function useDeleteCaseStudy() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (caseStudy: AdminCaseStudy) => {
      await apiRequest('DELETE', caseStudyUrl(caseStudy.id));
      return caseStudy;
    },
    retry: false,
    onSuccess: () => refresh(),
  });
}
