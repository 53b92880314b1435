import { useMutation } from '@tanstack/react-query';
import { authResponseSchema, type LoginBody } from '@lanyard/shared/auth';
import { api } from '@/lib/api-client';

/** The response's access_token is ignored: the session cookie is what the web app uses. */
export async function login(body: LoginBody) {
  const { user } = await api.post('/api/auth/login', body, { schema: authResponseSchema });
  return user;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
