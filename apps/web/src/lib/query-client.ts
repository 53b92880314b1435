import { QueryClient } from '@tanstack/react-query';
import { QUERY_GC_MS } from '@lanyard/shared/constants';
import { isClientError } from './api-client';

export const MAX_RETRIES = 3;
export const RETRY_MAX_DELAY_MS = 30_000;

/** 3 retries, 1 s doubling up to 30 s; a 4xx is never retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isClientError(error)) return false;
  return failureCount < MAX_RETRIES;
}

export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, RETRY_MAX_DELAY_MS);
}

/**
 * How long an answer counts as just read when a page that shows it mounts. A route's loader asks
 * for the page's data as the navigation starts and the page mounts once its chunk has arrived: with
 * data that is stale at once, the page asked again, and every applicant page load read its
 * application and the settings twice.
 */
export const JUST_READ_MS = 10_000;

/** refetchOnMount for data asked for again whenever a page that shows it opens (staleTime 0). */
export function refetchUnlessJustRead(query: { state: { dataUpdatedAt: number } }): boolean {
  return Date.now() - query.state.dataUpdatedAt > JUST_READ_MS;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_MS,
        staleTime: 30_000,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
