import { queryOptions, useQuery } from '@tanstack/react-query';
import { admissionsSchema } from '@lanyard/shared/capacity';
import { api } from '@/lib/api-client';

export const ADMISSIONS_QUERY_KEY = ['admin', 'admissions'] as const;

/**
 * GET /api/admin/admissions: the capacity settings, and per role the places, counts and projected
 * attendance. Never fresh for long: decisions, RSVPs and check-ins move the counts.
 */
export const admissionsQueryOptions = () =>
  queryOptions({
    queryKey: ADMISSIONS_QUERY_KEY,
    queryFn: ({ signal }) => api.get('/api/admin/admissions', { schema: admissionsSchema, signal }),
    staleTime: 0,
  });

export function useAdmissions() {
  return useQuery(admissionsQueryOptions());
}
