import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@lanyard/shared/common';
import { api } from '@/lib/api-client';
import { invalidateAfterUserChange } from './users-invalidate';

export function resetUserApplication(id: string) {
  return api.post(`/api/admin/users/${encodeURIComponent(id)}/reset-application`, {}, { schema: okSchema });
}

export function useResetUserApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserApplication,
    onSuccess: () => invalidateAfterUserChange(queryClient),
  });
}
