/**
 * The settings screen's data: one query definition per list (keys start with the API path, like
 * every admin query) and the helpers its forms share to report server errors.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { AdminSetting, AdminStat } from '#common/schemas/settings-admin.ts';
import type { AdminAccount } from '#common/schemas/users-admin.ts';
import { ApiError } from '~/lib/api';
import { getJson } from '../queries';

export const SETTINGS_KEY = '/api/admin/settings';
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

/**
 * Puts the server's field errors on the form's fields (`toField` maps a server key to a field
 * name); true when at least one landed, so the caller knows whether a toast is still needed.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  toField: (key: string) => string = (key) => key,
): boolean {
  const serverFields = error instanceof ApiError ? error.details?.fields : undefined;
  if (!serverFields) return false;
  let applied = false;
  for (const [key, message] of Object.entries(serverFields)) {
    const field = toField(key);
    if (!fields.includes(field)) continue;
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
