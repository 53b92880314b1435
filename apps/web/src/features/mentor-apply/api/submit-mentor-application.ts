import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { myApplicationSchema, type mentorSubmissionSchema } from '@lanyard/shared/application';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/api/get-me';
import { draftQueryKey } from '@/api/get-draft';
import { myApplicationQueryKey } from '@/api/get-my-application';

export type MentorSubmission = z.input<typeof mentorSubmissionSchema> & {
  /** Custom answers by question id, sent only when the role has custom questions. */
  custom?: Record<string, unknown>;
};

const submitResponseSchema = z.object({ application: myApplicationSchema });

/** POST /api/applications/mentor: mentors apply on a rolling basis, so no access code is sent. */
export async function submitMentorApplication(body: MentorSubmission) {
  const { application } = await api.post('/api/applications/mentor', body, { schema: submitResponseSchema });
  return application;
}

export function useSubmitMentorApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitMentorApplication,
    onSuccess: () => {
      // Marked stale without refetching: this page is about to leave, and a fresh "submitted" answer
      // arriving first would send it to the view page instead of the success screen.
      void queryClient.invalidateQueries({ queryKey: myApplicationQueryKey, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: draftQueryKey, refetchType: 'none' });
      // The user's status changed too (spec §4: after a successful submit the current user is refreshed).
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
