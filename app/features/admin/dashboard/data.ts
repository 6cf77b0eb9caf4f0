/** The dashboard's data: one query, refreshed by every write that changes a count. */
import type { DashboardData } from '#common/schemas/admin.ts';
import { createAdminQuery } from '../data/admin-data';
import { DASHBOARD_KEY } from '../data/queries';

export const dashboardQuery = createAdminQuery<DashboardData>({
  queryKey: [DASHBOARD_KEY],
  url: DASHBOARD_KEY,
});
