import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewNextResponseSchema } from '@lanyard/shared/review';
import { api } from '@/lib/api-client';
import { nextReviewKey, reviewKey } from './keys';

const path = (applicationId: string | null) =>
  applicationId ? `/api/review/${encodeURIComponent(applicationId)}` : '/api/review/next';

/**
 * GET /api/review/next (no id): the application held for this reviewer, or a new one assigned
 * (null when none is left). Asked again only on purpose, after a submit or a skip: a refetch on its
 * own could swap the application under a half-scored rubric.
 * GET /api/review/:applicationId: the reviewer's own earlier review of it, to change or to read.
 */
export const reviewItemQueryOptions = (applicationId: string | null) =>
  queryOptions({
    queryKey: (applicationId ? reviewKey(applicationId) : nextReviewKey) as readonly string[],
    queryFn: ({ signal }) => api.get(path(applicationId), { schema: reviewNextResponseSchema, signal }),
    staleTime: applicationId ? 0 : Infinity,
  });

/** The next application, or the one named by `applicationId` when going back to an earlier review. */
export function useReviewItem(applicationId: string | null) {
  return useQuery(reviewItemQueryOptions(applicationId));
}
