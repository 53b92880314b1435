import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkinStatsSchema } from '@lanyard/shared/checkin';
import { api } from '@/lib/api-client';
import { CHECKIN_QUERY_KEY } from './keys';

export function getCheckinStats(signal?: AbortSignal) {
  return api.get('/api/checkin/stats', { schema: checkinStatsSchema, signal });
}

export const checkinStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...CHECKIN_QUERY_KEY, 'stats'],
    queryFn: ({ signal }) => getCheckinStats(signal),
    staleTime: 0,
  });

export function useCheckinStats() {
  return useQuery(checkinStatsQueryOptions());
}
