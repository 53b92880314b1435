import { useMutation } from '@tanstack/react-query';
import { signedUrlResponseSchema } from '@lanyard/shared/application';
import { api } from '@/lib/api-client';

/** POST /api/upload/admin/resume-url: a short-lived signed link to an applicant's resume. */
export function getAdminResumeUrl(resumeUrl: string) {
  return api.post(
    '/api/upload/admin/resume-url',
    { resume_url: resumeUrl },
    { schema: signedUrlResponseSchema },
  );
}

/** A fresh link on every click (they expire), so a mutation rather than a cached query. */
export function useAdminResumeUrl() {
  return useMutation({ mutationFn: getAdminResumeUrl });
}
