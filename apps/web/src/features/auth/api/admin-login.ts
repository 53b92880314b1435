import { useMutation } from '@tanstack/react-query';
import { adminAuthResponseSchema, type LoginBody } from '@lanyard/shared/auth';
import { api } from '@/lib/api-client';

export async function adminLogin(body: LoginBody) {
  const { admin } = await api.post('/api/auth/admin/login', body, { schema: adminAuthResponseSchema });
  return admin;
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
