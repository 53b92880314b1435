import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** POST /api/checkin/upload-csv/verify-password: unlocks the upload; 401 "Incorrect password". */
export function verifyUploadPassword(password: string) {
  return api.post(
    '/api/checkin/upload-csv/verify-password',
    { password },
    { schema: z.object({ ok: z.literal(true) }) },
  );
}

export function useVerifyUploadPassword() {
  return useMutation({ mutationFn: verifyUploadPassword });
}
