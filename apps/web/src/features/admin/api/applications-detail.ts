import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApplicationDetailSchema } from '@lanyard/shared/admin';
import { api } from '@/lib/api-client';
import { APPLICATIONS_QUERY_KEY } from './applications-list';

export function getApplicationDetail(id: string, signal?: AbortSignal) {
  return api.get(`/api/admin/applications/${encodeURIComponent(id)}`, {
    schema: adminApplicationDetailSchema,
    signal,
  });
}

export const applicationDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...APPLICATIONS_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => getApplicationDetail(id, signal),
    staleTime: 0,
  });

export function useApplicationDetail(id: string | null) {
  return useQuery({ ...applicationDetailQueryOptions(id ?? ''), enabled: id !== null });
}
