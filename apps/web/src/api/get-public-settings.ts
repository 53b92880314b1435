import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicSettingsSchema, type PublicSettings } from '@lanyard/shared/settings';
import { api } from '@/lib/api-client';
import { refetchUnlessJustRead } from '@/lib/query-client';

export const publicSettingsQueryKey = ['settings', 'public'] as const;

/** GET /api/settings/public: the application window (open, late or closed) and the released decisions. */
export function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return api.get('/api/settings/public', { schema: publicSettingsSchema, signal });
}

/**
 * Asked again whenever a page that uses them opens: the window moves with the clock and with admins.
 * Not when the page's own loader has just read them (refetchUnlessJustRead).
 */
export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: publicSettingsQueryKey,
    queryFn: ({ signal }) => getPublicSettings(signal),
    staleTime: 0,
    refetchOnMount: refetchUnlessJustRead,
  });

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}
