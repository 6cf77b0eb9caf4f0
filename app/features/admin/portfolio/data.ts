/**
 * The portfolio screen's data: the list query (key starting with the API path) and the writes,
 * each refreshing the list, the dashboard and the activity log.
 */
import type {
  AdminCaseStudy,
  AdminCaseStudyPage,
  CaseStudyInput,
  CaseStudyListQuery,
} from '#common/schemas/portfolio-admin.ts';
import { apiRequest } from '~/lib/api';
import { adminItems, adminListQuery, createAdminMutation } from '../data/admin-data';
import { ACTIVITY_KEY, DASHBOARD_KEY } from '../data/queries';

export const PORTFOLIO_KEY = '/api/admin/portfolio';
export type CaseStudyListParams = Partial<CaseStudyListQuery>;
export const CASE_STUDY_LIST_DEFAULTS = { page: 1, pageSize: 20 } as const;

export const caseStudiesQuery = adminListQuery<AdminCaseStudyPage, CaseStudyListParams>(
  PORTFOLIO_KEY,
  CASE_STUDY_LIST_DEFAULTS,
);

const caseStudyUrl = adminItems(PORTFOLIO_KEY).url;
const read = async (response: Response) =>
  ((await response.json()) as { caseStudy: AdminCaseStudy }).caseStudy;
const PORTFOLIO_WRITE_REFRESHES = [PORTFOLIO_KEY, DASHBOARD_KEY, ACTIVITY_KEY];

/**
 * Creates (no id) or replaces a case study; `publish` then publishes it. A refused or failed
 * publication does not undo the save: it comes back as `publishError` beside the saved case study,
 * whose id the next click uses (never a second case study).
 */
export const saveCaseStudyMutation = createAdminMutation({
  run: async ({ id, values, publish }: { id?: string; values: CaseStudyInput; publish: boolean }) => {
    const saved = await read(
      id
        ? await apiRequest('PUT', caseStudyUrl(id), values)
        : await apiRequest('POST', PORTFOLIO_KEY, values),
    );
    if (!publish || saved.isPublished) return { saved, publishError: null };
    try {
      return {
        saved: await read(await apiRequest('POST', `${caseStudyUrl(saved.id)}/publish`)),
        publishError: null,
      };
    } catch (publishError) {
      return { saved, publishError };
    }
  },
  invalidates: PORTFOLIO_WRITE_REFRESHES,
  // Refreshed even on failure: a creation may have succeeded before the request that failed.
  refreshOn: 'settled',
});

export const caseStudyPublicationMutation = createAdminMutation({
  method: 'POST',
  url: ({ id, action }: { id: string; action: 'publish' | 'unpublish' }) => `${caseStudyUrl(id)}/${action}`,
  read: (body: { caseStudy: AdminCaseStudy }) => body.caseStudy,
  invalidates: PORTFOLIO_WRITE_REFRESHES,
});

export const deleteCaseStudyMutation = createAdminMutation({
  method: 'DELETE',
  url: (caseStudy: AdminCaseStudy) => caseStudyUrl(caseStudy.id),
  invalidates: PORTFOLIO_WRITE_REFRESHES,
});
