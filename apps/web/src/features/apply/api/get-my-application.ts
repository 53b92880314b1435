import { queryOptions, useQuery } from '@tanstack/react-query';
import { myApplicationResponseSchema, type MyApplication } from '@lanyard/shared/application';
import { api } from '@/lib/api-client';

export const myApplicationQueryKey = ['applications', 'me'] as const;

/** GET /api/applications/me: the applicant's own application, or null before the first submit. */
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
  });

export function useMyApplication() {
  return useQuery({ ...myApplicationQueryOptions(), staleTime: 0 });
}
