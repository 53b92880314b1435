import { useMutation, useQueryClient } from '@tanstack/react-query';
import { decisionsResultSchema } from '@lanyard/shared/admin';
import type { ApplicantRole } from '@lanyard/shared/constants';
import { api } from '@/lib/api-client';
import { invalidateAfterApplicationChange } from './applications-invalidate';
import { DECISIONS_QUERY_KEY } from './decisions-status';

export interface DecisionsInput {
  role: ApplicantRole;
  release: boolean;
  /** Release only: false shows the decisions without queuing their e-mails. */
  sendEmail?: boolean;
}

export function setDecisionsReleased({ role, release, sendEmail = true }: DecisionsInput) {
  return api.post(
    `/api/admin/decisions/${release ? 'release' : 'unrelease'}`,
    release ? { role, send_email: sendEmail } : { role },
    {
      schema: decisionsResultSchema,
    },
  );
}

export function useSetDecisionsReleased() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDecisionsReleased,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DECISIONS_QUERY_KEY }),
        // The settings tab shows the same flags.
        queryClient.invalidateQueries({ queryKey: ['admin', 'settings'] }),
        invalidateAfterApplicationChange(queryClient),
      ]),
  });
}
