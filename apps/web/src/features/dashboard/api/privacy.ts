import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '@lanyard/shared/common';
import { consentStateSchema, type ConsentState, type DeleteAccountBody } from '@lanyard/shared/privacy';
import { downloadFile, timestampedFileName, type DownloadProgress } from '@/components/ui/download';
import { api, apiRequest } from '@/lib/api-client';

export const consentQueryKey = ['privacy', 'consent'] as const;

/** GET /api/privacy/consent: the applicant's consent to share with sponsors, and its history. */
export function useConsent() {
  return useQuery({
    queryKey: consentQueryKey,
    queryFn: ({ signal }) => api.get('/api/privacy/consent', { schema: consentStateSchema, signal }),
  });
}

/** PUT /api/privacy/consent: gives or withdraws it at once. */
export function useSetConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (given: boolean): Promise<ConsentState> =>
      apiRequest('/api/privacy/consent', {
        method: 'PUT',
        body: { sponsor_consent: given },
        schema: consentStateSchema,
      }),
    onSuccess: (state) => queryClient.setQueryData(consentQueryKey, state),
  });
}

/** GET /api/privacy/export: everything Lanyard holds about the applicant, as one zip. */
export async function downloadMyData(onProgress?: (progress: DownloadProgress) => void): Promise<string> {
  const fileName = timestampedFileName('lanyard_my_data', 'zip');
  await downloadFile('/api/privacy/export', fileName, { onProgress });
  return fileName;
}

/** POST /api/privacy/delete-account; the caller then forgets every cached answer and leaves. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      api.post('/api/privacy/delete-account', body, { schema: okSchema }),
  });
}
