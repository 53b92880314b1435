import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedResultSchema } from '@lanyard/shared/admin';
import { api } from '@/lib/api-client';
import { invalidateAfterApplicationChange } from './applications-invalidate';

export function bulkDeleteApplications(ids: readonly string[]) {
  return api.post(
    '/api/admin/applications/bulk/delete',
    { application_ids: ids },
    { schema: deletedResultSchema },
  );
}

export function useBulkDeleteApplications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteApplications,
    onSettled: () => invalidateAfterApplicationChange(queryClient),
  });
}
