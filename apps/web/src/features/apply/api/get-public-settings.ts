import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicSettingsSchema, type PublicSettings } from '@lanyard/shared/settings';
import { api } from '@/lib/api-client';

export const publicSettingsQueryKey = ['settings', 'public'] as const;

/** GET /api/settings/public: the application window (open, late or closed) decided by the server. */
export function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return api.get('/api/settings/public', { schema: publicSettingsSchema, signal });
}

export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: publicSettingsQueryKey,
    queryFn: ({ signal }) => getPublicSettings(signal),
  });

/** Always asked again when the form opens: the window may have changed since the dashboard. */
export function usePublicSettings() {
  return useQuery({ ...publicSettingsQueryOptions(), staleTime: 0 });
}
