import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const validateAccessCodeResponseSchema = z.object({ valid: z.boolean() });

/** POST /api/settings/validate-access-code: is this late-application code accepted? (case-insensitive) */
export async function validateAccessCode(code: string): Promise<boolean> {
  const { valid } = await api.post(
    '/api/settings/validate-access-code',
    { code },
    { schema: validateAccessCodeResponseSchema },
  );
  return valid;
}

export function useValidateAccessCode() {
  return useMutation({ mutationFn: validateAccessCode });
}
