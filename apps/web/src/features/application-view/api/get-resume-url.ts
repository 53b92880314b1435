import { useMutation } from '@tanstack/react-query';
import { signedUrlResponseSchema } from '@lanyard/shared/application';
import { api } from '@/lib/api-client';

/** GET /api/applications/me/resume-url: a signed link to the applicant's own resume (valid 5 minutes). */
export function getResumeUrl() {
  return api.get('/api/applications/me/resume-url', { schema: signedUrlResponseSchema });
}

/** A fresh link on every click (they expire), so this is a mutation rather than a cached query. */
export function useResumeUrl() {
  return useMutation({ mutationFn: getResumeUrl });
}
