import { queryOptions, useQuery } from '@tanstack/react-query';
import { waitlistPositionSchema } from '@lanyard/shared/capacity';
import { myApplicationQueryKey } from '@/api/get-my-application';
import { api } from '@/lib/api-client';

/** Under the application's key, so the header's Refresh asks for the place again too. */
export const waitlistPositionQueryKey = [...myApplicationQueryKey, 'waitlist-position'] as const;

/** The place moves as others are promoted or leave: asked again every minute while the page is open. */
const WAITLIST_POLL_MS = 60_000;

export const waitlistPositionQueryOptions = () =>
  queryOptions({
    queryKey: waitlistPositionQueryKey,
    queryFn: ({ signal }) =>
      api.get('/api/applications/me/waitlist-position', { schema: waitlistPositionSchema, signal }),
    refetchInterval: WAITLIST_POLL_MS,
  });

/**
 * GET /api/applications/me/waitlist-position, for a waitlisted applicant whose decision is out;
 * null when the organisers do not show places (or while it loads, or when asking failed: the
 * place is a courtesy, never an error on the page).
 */
export function useWaitlistPosition(enabled: boolean): number | null {
  const query = useQuery({ ...waitlistPositionQueryOptions(), enabled });
  return enabled ? (query.data?.position ?? null) : null;
}
