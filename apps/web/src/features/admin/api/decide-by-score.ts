import { useMutation, useQueryClient } from '@tanstack/react-query';
import { decideByScorePreviewSchema, type DecideByScoreBody } from '@lanyard/shared/review';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterApplicationChange } from './applications-invalidate';
import { REVIEWERS_QUERY_KEY } from './reviewers-list';

/** POST /api/admin/decide-by-score/preview: what applying these choices would do now (nothing changes). */
export function previewDecideByScore(body: DecideByScoreBody) {
  return apiRequest('/api/admin/decide-by-score/preview', {
    method: 'POST',
    body,
    schema: decideByScorePreviewSchema,
  });
}

export interface ApplyDecideByScoreInput {
  body: DecideByScoreBody;
  /** The number of applications that change, as the admin typed it. */
  confirm: string;
}

/**
 * POST /api/admin/decide-by-score/apply: one transaction through the bulk status path. The server
 * refuses (409 count_changed) unless the typed number is still the number that changes, so on success
 * that number is what was applied, and nothing of the answer's body is needed.
 */
export function applyDecideByScore({ body, confirm }: ApplyDecideByScoreInput) {
  return apiRequest<unknown>('/api/admin/decide-by-score/apply', {
    method: 'POST',
    body: { ...body, confirm },
  });
}

export function usePreviewDecideByScore() {
  return useMutation({ mutationFn: previewDecideByScore });
}

export function useApplyDecideByScore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyDecideByScore,
    onSettled: () =>
      Promise.all([
        invalidateAfterApplicationChange(queryClient),
        queryClient.invalidateQueries({ queryKey: REVIEWERS_QUERY_KEY }),
      ]),
  });
}
