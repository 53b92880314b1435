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
