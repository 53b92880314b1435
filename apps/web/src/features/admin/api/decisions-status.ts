import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminSettingsSchema } from '@lanyard/shared/settings';
import { api } from '@/lib/api-client';

/** Whether each role's decisions are released, read from GET /api/settings. */
export function getDecisionsStatus(signal?: AbortSignal) {
  return api.get('/api/settings', { schema: adminSettingsSchema, signal }).then((s) => ({
    hacker: s.hacker_decisions_released,
    mentor: s.mentor_decisions_released,
  }));
}

export const DECISIONS_QUERY_KEY = ['admin', 'decisions'] as const;

export const decisionsStatusQueryOptions = () =>
  queryOptions({
    queryKey: DECISIONS_QUERY_KEY,
    queryFn: ({ signal }) => getDecisionsStatus(signal),
    staleTime: 0,
  });

export function useDecisionsStatus() {
  return useQuery(decisionsStatusQueryOptions());
}
