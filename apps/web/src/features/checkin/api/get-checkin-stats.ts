import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkinStatsSchema } from '@lanyard/shared/checkin';
import { api } from '@/lib/api-client';

export function getCheckinStats(signal?: AbortSignal) {
  return api.get('/api/checkin/stats', { schema: checkinStatsSchema, signal });
}

export const checkinStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['checkin', 'stats'],
    queryFn: ({ signal }) => getCheckinStats(signal),
  });

export function useCheckinStats() {
  return useQuery(checkinStatsQueryOptions());
}
