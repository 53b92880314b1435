import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema } from '@lanyard/shared/auth';
import { api } from '@/lib/api-client';

export function resetPassword(body: { oob_code: string; new_password: string }) {
  return api.post('/api/auth/password-reset/verify', body, { schema: messageResponseSchema });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
