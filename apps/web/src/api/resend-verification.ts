import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema } from '@lanyard/shared/auth';
import { api } from '@/lib/api-client';

export function resendVerificationEmail() {
  return api.post('/api/auth/verify-email/resend', {}, { schema: messageResponseSchema });
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
