import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApplicationDetailSchema } from '@lanyard/shared/admin';
import type { DecisionStatus } from '@lanyard/shared/constants';
import { apiRequest } from '@/lib/api-client';
import { applicationDetailQueryOptions } from './applications-detail';
import { invalidateAfterApplicationChange } from './applications-invalidate';

export function updateApplicationStatus({ id, status }: { id: string; status: DecisionStatus }) {
  return apiRequest(`/api/admin/applications/${encodeURIComponent(id)}/status`, {
    method: 'PUT',
    body: { status },
    schema: adminApplicationDetailSchema,
  });
}

export function useUpdateApplicationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplicationStatus,
    onSuccess: async (detail) => {
      queryClient.setQueryData(applicationDetailQueryOptions(detail._id).queryKey, detail);
      await invalidateAfterApplicationChange(queryClient);
    },
  });
}
