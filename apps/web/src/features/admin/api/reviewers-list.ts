import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewersResponseSchema } from '@lanyard/shared/review';
import { api } from '@/lib/api-client';

/** GET /api/admin/reviewers: each reviewer's numbers and the overall progress toward k reviews. */
export function getReviewers(signal?: AbortSignal) {
  return api.get('/api/admin/reviewers', { schema: reviewersResponseSchema, signal });
}

export const REVIEWERS_QUERY_KEY = ['admin', 'reviewers'] as const;

export const reviewersQueryOptions = () =>
  queryOptions({
    queryKey: REVIEWERS_QUERY_KEY,
    queryFn: ({ signal }) => getReviewers(signal),
    staleTime: 0,
    // Reviewers work while the organiser watches: the numbers move on their own, once a minute.
    refetchInterval: 60_000,
  });

export function useReviewers() {
  return useQuery(reviewersQueryOptions());
}
