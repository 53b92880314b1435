import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { checkinRecordsResponseSchema } from '@lanyard/shared/checkin';
import { api } from '@/lib/api-client';
import { checkinRecordsQuery, type CheckinListParams } from '../lib/filters';
import { CHECKIN_QUERY_KEY } from './keys';

/** GET /api/checkin/records: one page (50, or `limit`) of records, sorted by last name. */
export function getCheckinRecords(params: CheckinListParams, signal?: AbortSignal, limit?: number) {
  const q = checkinRecordsQuery(params);
  if (limit) q.set('limit', String(limit));
  const query = q.toString();
  return api.get(`/api/checkin/records?${query}`, { schema: checkinRecordsResponseSchema, signal });
}

export const checkinRecordsQueryOptions = (params: CheckinListParams) =>
  queryOptions({
    queryKey: [...CHECKIN_QUERY_KEY, 'records', params],
    queryFn: ({ signal }) => getCheckinRecords(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useCheckinRecords(params: CheckinListParams) {
  return useQuery(checkinRecordsQueryOptions(params));
}
