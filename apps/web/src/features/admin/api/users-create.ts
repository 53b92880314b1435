import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserSchema } from '@lanyard/shared/admin';
import type { UserRole } from '@lanyard/shared/constants';
import { api } from '@/lib/api-client';
import { invalidateAfterUserChange } from './users-invalidate';

export interface CreateUserInput {
  email: string;
  password: string;
  role: UserRole;
}

export function createUser(body: CreateUserInput) {
  return api.post('/api/admin/users', body, { schema: adminUserSchema });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => invalidateAfterUserChange(queryClient),
  });
}
