import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitReviewResponseSchema, type SubmitReviewBody } from '@lanyard/shared/review';
import { api } from '@/lib/api-client';
import { myReviewsKey, reviewKey } from './keys';

export interface SubmitReviewInput {
  applicationId: string;
  body: SubmitReviewBody;
}

/** POST /api/review/:applicationId: a new review, or a change to the reviewer's own. */
export function submitReview({ applicationId, body }: SubmitReviewInput) {
  return api.post(`/api/review/${encodeURIComponent(applicationId)}`, body, {
    schema: submitReviewResponseSchema,
  });
}

export function useSubmitReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitReview,
    onSuccess: (_answer, { applicationId }) => {
      void queryClient.invalidateQueries({ queryKey: myReviewsKey });
      queryClient.removeQueries({ queryKey: reviewKey(applicationId) });
    },
  });
}
