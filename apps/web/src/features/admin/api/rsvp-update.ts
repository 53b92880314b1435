import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rsvpRowSchema } from '@lanyard/shared/rsvp';
import { apiRequest } from '@/lib/api-client';
import type { AdminRsvpBody } from '../lib/rsvp-form';
import { ADMISSIONS_QUERY_KEY } from './admissions-get';
import { APPLICATIONS_QUERY_KEY } from './applications-list';
import { RSVP_QUERY_KEY } from './rsvp-list';

export interface UpdateRsvpInput {
  id: string;
  body: AdminRsvpBody;
}

/** PUT /api/admin/applications/:id/rsvp; answers with the updated RSVP row. */
export function updateRsvp({ id, body }: UpdateRsvpInput) {
  return apiRequest(`/api/admin/applications/${encodeURIComponent(id)}/rsvp`, {
    method: 'PUT',
    body,
    schema: rsvpRowSchema,
  });
}

export function useUpdateRsvp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRsvp,
    // The RSVP lists and statistics, the applications tab (its RSVP column, filter and detail card)
    // and the admissions counts (confirmed, declined, awaiting an answer).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: RSVP_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMISSIONS_QUERY_KEY }),
      ]),
  });
}
