import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicSettingsSchema, type PublicSettings } from '@lanyard/shared/settings';
import { api } from '@/lib/api-client';

export const publicSettingsQueryKey = ['settings', 'public'] as const;

/** GET /api/settings/public: here for the per-role decision release flags. */
export function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return api.get('/api/settings/public', { schema: publicSettingsSchema, signal });
}

export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: publicSettingsQueryKey,
    queryFn: ({ signal }) => getPublicSettings(signal),
  });

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}
