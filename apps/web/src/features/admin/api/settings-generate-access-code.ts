import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const generatedCodeSchema = z.object({ code: z.string(), codes: z.array(z.string()) });

/**
 * POST /api/settings/generate-access-code: the server makes a random code and stores it at once
 * (it is in `codes`, the saved list, on return).
 */
export function generateAccessCode() {
  return api.post('/api/settings/generate-access-code', {}, { schema: generatedCodeSchema });
}

export function useGenerateAccessCode() {
  return useMutation({ mutationFn: generateAccessCode });
}
