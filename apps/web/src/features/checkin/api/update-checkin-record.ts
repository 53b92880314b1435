import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkinRecordSchema } from '@lanyard/shared/checkin';
import { apiRequest } from '@/lib/api-client';
import type { RecordBody } from '../lib/record-form';
import { CHECKIN_QUERY_KEY } from './keys';

export interface UpdateCheckinRecordInput {
  id: string;
  body: RecordBody;
}

/** PUT /api/checkin/records/:id: edits the fields (check-in state is not touched). */
export function updateCheckinRecord({ id, body }: UpdateCheckinRecordInput) {
  return apiRequest(`/api/checkin/records/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: checkinRecordSchema,
  });
}

export function useUpdateCheckinRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCheckinRecord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHECKIN_QUERY_KEY }),
  });
}
