import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkResultSchema, type BulkTargetBody } from '@lanyard/shared/admin';
import type { DecisionStatus } from '@lanyard/shared/constants';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterApplicationChange } from './applications-invalidate';

export interface BulkStatusInput {
  /** The ids, or the list's filter with the count the admin confirmed. */
  target: BulkTargetBody;
  status: DecisionStatus;
}

/** One transaction on the server; answers how many were updated (409 count_changed by filter). */
export function bulkUpdateStatus({ target, status }: BulkStatusInput) {
  return apiRequest('/api/admin/applications/bulk/status', {
    method: 'PUT',
    body: { ...target, status },
    schema: bulkResultSchema,
  });
}

export function useBulkUpdateStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateStatus,
    onSettled: () => invalidateAfterApplicationChange(queryClient),
  });
}
