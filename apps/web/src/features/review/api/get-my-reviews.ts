import { queryOptions, useQuery } from '@tanstack/react-query';
import { myReviewsResponseSchema } from '@lanyard/shared/review';
import { api } from '@/lib/api-client';
import { myReviewsKey } from './keys';

/** GET /api/review/mine: the reviewer's latest reviews, newest first, each saying if it can still change. */
export const myReviewsQueryOptions = () =>
  queryOptions({
    queryKey: myReviewsKey,
    queryFn: ({ signal }) => api.get('/api/review/mine', { schema: myReviewsResponseSchema, signal }),
    staleTime: 0,
  });

export function useMyReviews() {
  return useQuery(myReviewsQueryOptions());
}
