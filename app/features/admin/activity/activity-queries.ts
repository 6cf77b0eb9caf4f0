/** The activity log's query: the key starts with the API path, the filters without their defaults. */
import { ApiError } from '~/lib/api';
import type { ActivityPage } from '../../../../common/schemas/activity-admin.ts';
import { toSearch } from '../queries';

export const ACTIVITY_KEY = '/api/admin/activity';

export type ActivityParams = {
  type?: string;
  userId?: string;
  from?: string;
  to?: string;
  q?: string;
  page?: number;
};
export const ACTIVITY_DEFAULTS = { page: 1 } as const;

export function activityQuery(params: ActivityParams) {
  const search = toSearch(params, ACTIVITY_DEFAULTS);
  return {
    queryKey: [ACTIVITY_KEY, 'list', search.toString()] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      const response = await fetch(`${ACTIVITY_KEY}?${search}`, { credentials: 'include', signal });
      if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
      return (await response.json()) as ActivityPage;
    },
  };
}
