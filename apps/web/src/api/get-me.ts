import { queryOptions, useQuery } from '@tanstack/react-query';
import { meResponseSchema, type PublicUser } from '@lanyard/shared/auth';
import { api, isApiError } from '@/lib/api-client';

export const meQueryKey = ['auth', 'me'] as const;

/** The signed-in user (admins included), or null when nobody is signed in (401). */
export async function getMe(signal?: AbortSignal): Promise<PublicUser | null> {
  try {
    const { user } = await api.get('/api/auth/me', { schema: meResponseSchema, signal });
    return user;
  } catch (err) {
    if (isApiError(err) && err.status === 401) return null;
    throw err;
  }
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
