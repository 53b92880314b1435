import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewSettingsSchema } from '@lanyard/shared/review';
import { api } from '@/lib/api-client';

/** GET /api/review/settings (admin): the rubric per role, blind fields, k, disagreement and ranking. */
export const reviewSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'review-settings'],
    queryFn: ({ signal }) => api.get('/api/review/settings', { schema: reviewSettingsSchema, signal }),
    staleTime: 0,
  });

export function useReviewSettings() {
  return useQuery(reviewSettingsQueryOptions());
}
