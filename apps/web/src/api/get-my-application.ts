import { queryOptions, useQuery } from '@tanstack/react-query';
import { myApplicationResponseSchema, type MyApplication } from '@lanyard/shared/application';
import { api } from '@/lib/api-client';
import { refetchUnlessJustRead } from '@/lib/query-client';

/** Under `['applications']`, so a submit that invalidates every application query refreshes it too. */
export const myApplicationQueryKey = ['applications', 'me'] as const;

/** GET /api/applications/me: the applicant's own application, or null before the first submit. */
export async function getMyApplication(signal?: AbortSignal): Promise<MyApplication | null> {
  const { application } = await api.get('/api/applications/me', {
    schema: myApplicationResponseSchema,
    signal,
  });
  return application;
}

/**
 * Asked again whenever a page that shows it opens: a decision may have been released since, and
 * the application forms must not open on a stale "not submitted yet". Not when the page's own
 * loader has just read it (refetchUnlessJustRead).
 */
export const myApplicationQueryOptions = () =>
  queryOptions({
    queryKey: myApplicationQueryKey,
    queryFn: ({ signal }) => getMyApplication(signal),
    staleTime: 0,
    refetchOnMount: refetchUnlessJustRead,
  });

type MyApplicationRefetch = (application: MyApplication | null | undefined) => number | false;

/** `refetchInterval`: how often to ask again for the application last seen (the dashboard polls). */
export function useMyApplication({ refetchInterval }: { refetchInterval?: MyApplicationRefetch } = {}) {
  return useQuery({
    ...myApplicationQueryOptions(),
    refetchInterval: refetchInterval ? (query) => refetchInterval(query.state.data) : false,
  });
}
