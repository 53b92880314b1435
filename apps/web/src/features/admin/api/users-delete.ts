import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@lanyard/shared/common';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterUserChange } from './users-invalidate';

export function deleteUser(id: string) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    body: {},
    schema: okSchema,
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => invalidateAfterUserChange(queryClient),
  });
}
