import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadCsvResponseSchema } from '@lanyard/shared/checkin';
import { apiRequest } from '@/lib/api-client';
import { CHECKIN_QUERY_KEY } from './keys';

export interface UploadCheckinCsvInput {
  password: string;
  replaceExisting: boolean;
  file: File;
}

/**
 * POST /api/checkin/upload-csv (multipart: `password`, `replace_existing`, `file`). A bad row answers
 * 400 "Line N: ..." and nothing is imported. Errors follow the API client's rules (lib/api-client.ts).
 */
export async function uploadCheckinCsv({ password, replaceExisting, file }: UploadCheckinCsvInput) {
  const form = new FormData();
  form.append('password', password);
  form.append('replace_existing', replaceExisting ? 'true' : 'false');
  form.append('file', file, file.name);
  return apiRequest('/api/checkin/upload-csv', {
    method: 'POST',
    body: form,
    schema: uploadCsvResponseSchema,
  });
}

export function useUploadCheckinCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCheckinCsv,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHECKIN_QUERY_KEY }),
  });
}
