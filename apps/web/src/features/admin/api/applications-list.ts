import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApplicationsResponseSchema } from '@lanyard/shared/admin';
import { api } from '@/lib/api-client';
import { applicationsQuery, type ApplicationListParams } from '../lib/application-filters';

/** Prefix of every application query (lists and details): invalidate it after any change. */
export const APPLICATIONS_QUERY_KEY = ['admin', 'applications'] as const;

export function getApplications(params: ApplicationListParams, signal?: AbortSignal) {
  const query = applicationsQuery(params, params).toString();
  return api.get(`/api/admin/applications?${query}`, { schema: adminApplicationsResponseSchema, signal });
}

export const applicationsQueryOptions = (params: ApplicationListParams) =>
  queryOptions({
    queryKey: [...APPLICATIONS_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getApplications(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useApplications(params: ApplicationListParams) {
  return useQuery(applicationsQueryOptions(params));
}
