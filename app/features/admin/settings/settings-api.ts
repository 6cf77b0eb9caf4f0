/**
 * The settings screen's data: one query definition per list (keys start with the API path, like
 * every admin query). Its forms report server errors through app/lib/api.ts.
 */
import type { AdminSetting, AdminStat } from '#common/schemas/settings-admin.ts';
import type { AdminAccount } from '#common/schemas/users-admin.ts';
import { getJson } from '~/lib/api';
import { SETTINGS_KEY } from '../queries';

export const STATS_KEY = '/api/admin/settings/stats';
export const USERS_KEY = '/api/admin/users';

export const settingsQuery = {
  queryKey: [SETTINGS_KEY] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await getJson<{ settings: AdminSetting[] }>(SETTINGS_KEY, signal)).settings,
};

export const statsAdminQuery = {
  queryKey: [STATS_KEY] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await getJson<{ stats: AdminStat[] }>(STATS_KEY, signal)).stats,
};

export const usersQuery = {
  queryKey: [USERS_KEY] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await getJson<{ users: AdminAccount[] }>(USERS_KEY, signal)).users,
};
