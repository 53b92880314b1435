import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myApplicationResponseSchema, type MyApplication } from '@lanyard/shared/application';
import type { z } from 'zod';
import type { rsvpSubmissionObject } from '@lanyard/shared/rsvp';
import { api } from '@/lib/api-client';
import { myApplicationQueryKey } from '@/api/get-my-application';

/** The body as sent: fields the server defaults (empty text, false) may be left out. */
export type RsvpSubmissionBody = z.input<typeof rsvpSubmissionObject>;

/** POST /api/applications/rsvp: records the applicant's answer once; the updated application comes back. */
export async function submitRsvp(body: RsvpSubmissionBody): Promise<MyApplication> {
  const { application } = await api.post('/api/applications/rsvp', body, {
    schema: myApplicationResponseSchema,
  });
  if (!application) throw new Error('The server answered without an application.');
  return application;
}

/** On success the answer is shown at once, then the application is asked for again. */
export function useSubmitRsvp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitRsvp,
    onSuccess: (application) => {
      queryClient.setQueryData(myApplicationQueryKey, application);
      void queryClient.invalidateQueries({ queryKey: myApplicationQueryKey });
    },
  });
}
