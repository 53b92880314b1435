import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { reviewProgressSchema, type SkipReviewBody } from '@lanyard/shared/review';
import { api } from '@/lib/api-client';

export interface SkipReviewInput {
  applicationId: string;
  body: SkipReviewBody;
}

const skipAnswerSchema = z.object({ progress: reviewProgressSchema });

/** POST /api/review/:applicationId/skip: never hand this reviewer the application again. */
export function skipReview({ applicationId, body }: SkipReviewInput) {
  return api.post(`/api/review/${encodeURIComponent(applicationId)}/skip`, body, {
    schema: skipAnswerSchema,
  });
}

export function useSkipReview() {
  return useMutation({ mutationFn: skipReview });
}
