import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminRsvpResponseSchema } from '@lanyard/shared/rsvp';
import { api } from '@/lib/api-client';
import { rsvpQuery, type RsvpListParams } from '../lib/rsvp-filters';

/** Prefix of every RSVP list query: invalidate it after an RSVP or an application changes. */
export const RSVP_QUERY_KEY = ['admin', 'rsvp'] as const;

/** GET /api/admin/rsvp: one page of RSVP rows and the statistics of the filtered set. */
export function getRsvps(params: RsvpListParams, signal?: AbortSignal) {
  const query = rsvpQuery(params, params.page).toString();
  return api.get(`/api/admin/rsvp?${query}`, { schema: adminRsvpResponseSchema, signal });
}

export const rsvpsQueryOptions = (params: RsvpListParams) =>
  queryOptions({
    queryKey: [...RSVP_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getRsvps(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useRsvps(params: RsvpListParams) {
  return useQuery(rsvpsQueryOptions(params));
}
