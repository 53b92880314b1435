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
 * refuses (4xx, with its reason) unless the typed number is still the number that changes, and
 * answers with the preview's shape, describing what was done.
 */
export function applyDecideByScore({ body, confirm }: ApplyDecideByScoreInput) {
  return apiRequest('/api/admin/decide-by-score/apply', {
    method: 'POST',
    body: { ...body, confirm },
    schema: decideByScorePreviewSchema,
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
