import { queryOptions, useQuery } from '@tanstack/react-query';
import { myApplicationResponseSchema, type MyApplication } from '@lanyard/shared/application';
import { api } from '@/lib/api-client';

/** GET /api/applications/me: the applicant's own application, or null when there is none. */
export async function getMyApplication(signal?: AbortSignal): Promise<MyApplication | null> {
  const { application } = await api.get('/api/applications/me', {
    schema: myApplicationResponseSchema,
    signal,
  });
  return application;
}

export const myApplicationQueryOptions = () =>
  queryOptions({
    queryKey: ['applications', 'me'],
    queryFn: ({ signal }) => getMyApplication(signal),
  });

export function useMyApplication() {
  return useQuery(myApplicationQueryOptions());
}
