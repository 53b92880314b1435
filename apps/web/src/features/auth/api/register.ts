import { useMutation } from '@tanstack/react-query';
import { authResponseSchema, type RegisterBody } from '@lanyard/shared/auth';
import { api } from '@/lib/api-client';

export async function register(body: RegisterBody) {
  const { user } = await api.post('/api/auth/register', body, { schema: authResponseSchema });
  return user;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
