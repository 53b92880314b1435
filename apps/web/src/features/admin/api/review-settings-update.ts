import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewSettingsSchema, type UpdateReviewSettingsBody } from '@lanyard/shared/review';
import { apiRequest } from '@/lib/api-client';
import { reviewSettingsQueryOptions } from './review-settings-get';

/**
 * PUT /api/review/settings with the parts that changed; answers with the new settings, or 409 when
 * scores exist and a criterion's scale changed or a criterion was removed.
 */
export function updateReviewSettings(body: UpdateReviewSettingsBody) {
  return apiRequest('/api/review/settings', { method: 'PUT', body, schema: reviewSettingsSchema });
}

export function useUpdateReviewSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReviewSettings,
    onSuccess: (settings) => queryClient.setQueryData(reviewSettingsQueryOptions().queryKey, settings),
  });
}
