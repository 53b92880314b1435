import { useMutation } from '@tanstack/react-query';
import { skipReviewResponseSchema, type SkipReviewBody } from '@lanyard/shared/review';
import { api } from '@/lib/api-client';

export interface SkipReviewInput {
  applicationId: string;
  body: SkipReviewBody;
}

/** POST /api/review/:applicationId/skip: never hand this reviewer the application again. */
export function skipReview({ applicationId, body }: SkipReviewInput) {
  return api.post(`/api/review/${encodeURIComponent(applicationId)}/skip`, body, {
    schema: skipReviewResponseSchema,
  });
}

export function useSkipReview() {
  return useMutation({ mutationFn: skipReview });
}
