import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadCsvResponseSchema } from '@lanyard/shared/checkin';
import { ApiError, errorMessageFromBody, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { CHECKIN_QUERY_KEY } from './keys';

export interface UploadCheckinCsvInput {
  password: string;
  replaceExisting: boolean;
  file: File;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/checkin/upload-csv (multipart: `password`, `replace_existing`, `file`). A bad row answers
 * 400 "Line N: ..." and nothing is imported. Errors follow the API client's rules (spec §8).
 */
export async function uploadCheckinCsv({ password, replaceExisting, file }: UploadCheckinCsvInput) {
  const form = new FormData();
  form.append('password', password);
  form.append('replace_existing', replaceExisting ? 'true' : 'false');
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch('/api/checkin/upload-csv', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const body = await readJson(res);
  if (!res.ok) {
    const code =
      body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string'
        ? (body as { code: string }).code
        : undefined;
    throw new ApiError(res.status, errorMessageFromBody(res.status, body), code);
  }
  const parsed = uploadCsvResponseSchema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(res.status, 'The server sent an unexpected response.', 'unexpected_response');
  }
  return parsed.data;
}

export function useUploadCheckinCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCheckinCsv,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHECKIN_QUERY_KEY }),
  });
}
