import { queryOptions, useQuery } from '@tanstack/react-query';
import { myApplicationResponseSchema, type MyApplication } from '@lanyard/shared/application';
import { api } from '@/lib/api-client';

export const myApplicationQueryKey = ['applications', 'me'] as const;

/** GET /api/applications/me: non-null once the applicant has submitted. */
export async function getMyApplication(signal?: AbortSignal): Promise<MyApplication | null> {
  const { application } = await api.get('/api/applications/me', {
    schema: myApplicationResponseSchema,
    signal,
  });
  return application;
}

export const myApplicationQueryOptions = () =>
  queryOptions({
    queryKey: myApplicationQueryKey,
    queryFn: ({ signal }) => getMyApplication(signal),
    // The form must not open on a stale "not submitted yet".
    staleTime: 0,
  });

export function useMyApplication() {
  return useQuery(myApplicationQueryOptions());
}
