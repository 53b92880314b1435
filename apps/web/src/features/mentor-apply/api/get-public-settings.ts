import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicSettingsSchema, type PublicSettings } from '@lanyard/shared/settings';
import { api } from '@/lib/api-client';

/** GET /api/settings/public: the form loads the application settings before it shows (spec §2). */
export function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return api.get('/api/settings/public', { schema: publicSettingsSchema, signal });
}

export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'public'],
    queryFn: ({ signal }) => getPublicSettings(signal),
  });

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}
