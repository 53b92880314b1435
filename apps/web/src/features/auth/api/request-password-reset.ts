import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema } from '@lanyard/shared/auth';
import { api } from '@/lib/api-client';

/** Always answers alike, whether or not the e-mail has an account (no enumeration). */
export function requestPasswordReset(body: { email: string }) {
  return api.post('/api/auth/password-reset', body, { schema: messageResponseSchema });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
