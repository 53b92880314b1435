import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationReviewsResponseSchema } from '@lanyard/shared/review';
import { api } from '@/lib/api-client';
import { APPLICATIONS_QUERY_KEY } from './applications-list';

/** GET /api/admin/applications/:id/reviews: every review and skip of one application (blind or not). */
export function getApplicationReviews(id: string, signal?: AbortSignal) {
  return api.get(`/api/admin/applications/${encodeURIComponent(id)}/reviews`, {
    schema: applicationReviewsResponseSchema,
    signal,
  });
}

// Under the applications prefix, so whatever refreshes the list and the detail refreshes these too.
export const applicationReviewsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...APPLICATIONS_QUERY_KEY, 'reviews', id],
    queryFn: ({ signal }) => getApplicationReviews(id, signal),
    staleTime: 0,
  });

export function useApplicationReviews(id: string | null) {
  return useQuery({ ...applicationReviewsQueryOptions(id ?? ''), enabled: id !== null });
}
