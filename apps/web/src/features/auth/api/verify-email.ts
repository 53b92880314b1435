import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageResponseSchema } from '@lanyard/shared/auth';
import { api } from '@/lib/api-client';

export function verifyEmail(token: string) {
  return api.post('/api/auth/verify-email', { token }, { schema: messageResponseSchema });
}

/**
 * Runs once per token: the token is single-use, so the answer is cached for the page's life and
 * never refetched or retried (a second call would only report "already used").
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });

export function useVerifyEmail(token: string) {
  return useQuery({ ...verifyEmailQueryOptions(token), enabled: token !== '' });
}
