import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminSettingsSchema } from '@lanyard/shared/settings';
import { api } from '@/lib/api-client';

/** GET /api/settings (admin): the public settings plus the special access codes. */
export function getAdminSettings(signal?: AbortSignal) {
  return api.get('/api/settings', { schema: adminSettingsSchema, signal });
}

export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings'],
    queryFn: ({ signal }) => getAdminSettings(signal),
    staleTime: 0,
  });

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}
