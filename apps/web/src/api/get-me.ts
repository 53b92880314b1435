import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionResponseSchema, type PublicUser } from '@lanyard/shared/auth';
import { api, readResponse } from '@/lib/api-client';

export const meQueryKey = ['auth', 'me'] as const;

/**
 * The signed-in user (admins included), or null when nobody is signed in. Asked of /api/auth/session,
 * which answers nobody with 200 rather than 401: a signed-out visit shows no failed request.
 */
export async function getMe(signal?: AbortSignal): Promise<PublicUser | null> {
  const { user } = await api.get('/api/auth/session', { schema: sessionResponseSchema, signal });
  return user;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 60_000,
  });

export function useUser() {
  return useQuery(meQueryOptions());
}

/**
 * meQueryOptions whose first fetch reads `session`, the answer main.tsx asked for before the app
 * started (checked as getMe checks it); a retry or a later fetch asks the server again.
 */
export function meQueryOptionsFrom(session: Promise<unknown>) {
  let early: Promise<unknown> | undefined = session;
  return queryOptions({
    ...meQueryOptions(),
    queryFn: async ({ signal }) => {
      const answer = early;
      early = undefined;
      return answer ? readResponse(200, await answer, sessionResponseSchema).user : getMe(signal);
    },
  });
}
