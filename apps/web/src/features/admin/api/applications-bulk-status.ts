import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkResultSchema } from '@lanyard/shared/admin';
import type { DecisionStatus } from '@lanyard/shared/constants';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterApplicationChange } from './applications-invalidate';

export interface BulkStatusInput {
  ids: readonly string[];
  status: DecisionStatus;
}

/** One transaction on the server; answers how many were updated. */
export function bulkUpdateStatus({ ids, status }: BulkStatusInput) {
  return apiRequest('/api/admin/applications/bulk/status', {
    method: 'PUT',
    body: { application_ids: ids, status },
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
