import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const checkinStatsSchema = z.object({
  total: z.number().int(),
  checked_in: z.number().int(),
  not_checked_in: z.number().int(),
});
export type CheckinStats = z.infer<typeof checkinStatsSchema>;

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
