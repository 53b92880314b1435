import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkinRecordSchema } from '@lanyard/shared/checkin';
import { api } from '@/lib/api-client';
import type { RecordBody } from '../lib/record-form';
import { CHECKIN_QUERY_KEY } from './keys';

/** POST /api/checkin/records: a walk-in; 400 "Missing fields: ..." when a required one is empty. */
export function createCheckinRecord(body: RecordBody) {
  return api.post('/api/checkin/records', body, { schema: checkinRecordSchema });
}

export function useCreateCheckinRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCheckinRecord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHECKIN_QUERY_KEY }),
  });
}
