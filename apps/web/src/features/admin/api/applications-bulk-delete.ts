import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedResultSchema, type BulkTargetBody } from '@lanyard/shared/admin';
import { api } from '@/lib/api-client';
import { invalidateAfterApplicationChange } from './applications-invalidate';

/** The ids, or the list's filter with the count the admin confirmed (409 count_changed otherwise). */
export function bulkDeleteApplications(target: BulkTargetBody) {
  return api.post('/api/admin/applications/bulk/delete', target, { schema: deletedResultSchema });
}

export function useBulkDeleteApplications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteApplications,
    onSettled: () => invalidateAfterApplicationChange(queryClient),
  });
}
