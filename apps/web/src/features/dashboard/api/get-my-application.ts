import { queryOptions, useQuery } from '@tanstack/react-query';
import { myApplicationResponseSchema, type MyApplication } from '@lanyard/shared/application';
import { DASHBOARD_POLL_MS } from '@lanyard/shared/constants';
import { api } from '@/lib/api-client';
import { shouldPollApplication } from '../lib/application-status';

export const myApplicationQueryKey = ['applications', 'me'] as const;
/** The check-in QR code: under the application's key, so asking for the application again refreshes it. */
export const myQrQueryKey = [...myApplicationQueryKey, 'qr'] as const;

/** GET /api/applications/me: the applicant's own application, or null before the first submit. */
export async function getMyApplication(signal?: AbortSignal): Promise<MyApplication | null> {
  const { application } = await api.get('/api/applications/me', {
    schema: myApplicationResponseSchema,
    signal,
  });
  return application;
}

export const myApplicationQueryOptions = () =>
  queryOptions({
    queryKey: myApplicationQueryKey,
    queryFn: ({ signal }) => getMyApplication(signal),
  });

/** Polls every 30 s once the application has been sent (spec §4), so a released decision shows up. */
export function useMyApplication(fallbackStatus: string) {
  return useQuery({
    ...myApplicationQueryOptions(),
    refetchInterval: (query) => {
      const status = query.state.data?.status ?? fallbackStatus;
      return shouldPollApplication(status) ? DASHBOARD_POLL_MS : false;
    },
  });
}
