import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkinRecordSchema } from '@lanyard/shared/checkin';
import { apiRequest } from '@/lib/api-client';
import { CHECKIN_QUERY_KEY } from './keys';

export interface SetCheckedInInput {
  id: string;
  checkedIn: boolean;
}

/** PUT /api/checkin/records/:id/checkin: check in (or undo); 409 when another desk got there first. */
export function setCheckedIn({ id, checkedIn }: SetCheckedInInput) {
  return apiRequest(`/api/checkin/records/${encodeURIComponent(id)}/checkin`, {
    method: 'PUT',
    body: { checked_in: checkedIn },
    schema: checkinRecordSchema,
  });
}

export function useSetCheckedIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCheckedIn,
    // Success or a 409 (someone else was faster): either way the row and the counts are refreshed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: CHECKIN_QUERY_KEY }),
  });
}
