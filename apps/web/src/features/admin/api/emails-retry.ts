import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@lanyard/shared/common';
import { api } from '@/lib/api-client';
import { EMAILS_QUERY_KEY } from './emails-list';

/** POST /api/admin/emails/:id/retry: a failed e-mail is queued again (409 `not_failed` otherwise). */
export function retryEmail(id: string) {
  return api.post(`/api/admin/emails/${encodeURIComponent(id)}/retry`, {}, { schema: okSchema });
}

export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: EMAILS_QUERY_KEY }),
  });
}
