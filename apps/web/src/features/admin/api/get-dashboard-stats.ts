import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardStatsSchema } from '@lanyard/shared/admin';
import { api } from '@/lib/api-client';

export function getDashboardStats(signal?: AbortSignal) {
  return api.get('/api/admin/dashboard', { schema: dashboardStatsSchema, signal });
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => getDashboardStats(signal),
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
