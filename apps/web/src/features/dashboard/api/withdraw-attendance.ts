import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myApplicationResponseSchema, type MyApplication } from '@lanyard/shared/application';
import { api } from '@/lib/api-client';
import { myApplicationQueryKey } from '@/api/get-my-application';
import { myQrQueryKey } from './get-my-qr';

/** POST /api/applications/rsvp/withdraw: a confirmed attendee releases their place (decision 015). */
export async function withdrawAttendance(): Promise<MyApplication> {
  const { application } = await api.post(
    '/api/applications/rsvp/withdraw',
    {},
    { schema: myApplicationResponseSchema },
  );
  if (!application) throw new Error('The server answered without an application.');
  return application;
}

export function useWithdrawAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawAttendance,
    onSuccess: (application) => {
      queryClient.setQueryData(myApplicationQueryKey, application);
      // Exact: the check-in code under the same prefix is gone now, not to be asked for again.
      queryClient.removeQueries({ queryKey: myQrQueryKey });
      void queryClient.invalidateQueries({ queryKey: myApplicationQueryKey, exact: true });
    },
  });
}
