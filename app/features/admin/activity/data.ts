/** The activity log's query: the key starts with the API path, the filters without their defaults. */
import type { ActivityPage } from '#common/schemas/activity-admin.ts';
import { adminListQuery } from '../data/admin-data';
import { ACTIVITY_KEY } from '../data/queries';

export type ActivityParams = {
  type?: string;
  userId?: string;
  from?: string;
  to?: string;
  q?: string;
  page?: number;
};
export const ACTIVITY_DEFAULTS = { page: 1 } as const;

export const activityQuery = adminListQuery<ActivityPage, ActivityParams>(ACTIVITY_KEY, ACTIVITY_DEFAULTS);
