import { queryOptions } from '@tanstack/react-query';
import { qrResponseSchema } from '@lanyard/shared/checkin';
import { myApplicationQueryKey } from '@/api/get-my-application';
import { api } from '@/lib/api-client';

/** Under the application's key, so asking for the application again refreshes the code too. */
export const myQrQueryKey = [...myApplicationQueryKey, 'qr'] as const;

/** GET /api/applications/me/qr: the signed door token (404 no_qr until attendance is confirmed). */
export function getMyQr(signal?: AbortSignal) {
  return api.get('/api/applications/me/qr', { schema: qrResponseSchema, signal });
}

export const myQrQueryOptions = () =>
  queryOptions({
    queryKey: myQrQueryKey,
    queryFn: ({ signal }) => getMyQr(signal),
    staleTime: Infinity,
  });
