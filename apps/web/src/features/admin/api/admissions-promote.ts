import { useMutation, useQueryClient } from '@tanstack/react-query';
import { promotePreviewSchema, type PromoteApplyBody, type PromoteBody } from '@lanyard/shared/capacity';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterApplicationChange } from './applications-invalidate';

/** POST /api/admin/admissions/promote/preview: who the next `count` on the role's waitlist are (nothing changes). */
export function previewPromotion(body: PromoteBody) {
  return apiRequest('/api/admin/admissions/promote/preview', {
    method: 'POST',
    body,
    schema: promotePreviewSchema,
  });
}

/**
 * POST /api/admin/admissions/promote: one transaction through the bulk status path. The server
 * works the head of the waitlist out again and refuses (400 `validation_error`) unless `confirm` is
 * the number it would promote now; it answers with the preview's shape, describing what was done.
 */
export function promoteFromWaitlist(body: PromoteApplyBody) {
  return apiRequest('/api/admin/admissions/promote', {
    method: 'POST',
    body,
    schema: promotePreviewSchema,
  });
}

export function usePreviewPromotion() {
  return useMutation({ mutationFn: previewPromotion });
}

export function usePromoteFromWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteFromWaitlist,
    // Also after a refusal: it usually means the waitlist moved, so the counts on screen are old.
    onSettled: () => invalidateAfterApplicationChange(queryClient),
  });
}
