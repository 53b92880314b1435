import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { getMe, meQueryKey } from '@/api/get-me';
import { CHECKIN_QUERY_KEY } from './keys';

export type LiveState = 'connecting' | 'live' | 'offline';

export const SIGNED_OUT_MESSAGE = 'Your session has ended. Please sign in again.';
export const NO_LONGER_ALLOWED_MESSAGE = 'Your account no longer has access to check-in.';
const DOOR_ROLES = new Set(['admin', 'volunteer']);

const EVENTS_URL = '/api/checkin/events';
/** Several changes in a burst (a CSV import, a busy door) cause one refetch. */
const COALESCE_MS = 150;
/** When the browser gives up on the stream (it was refused), try again after this long. */
const RETRY_AFTER_CLOSE_MS = 5000;

/**
 * GET /api/checkin/events (server-sent events): every change at any desk refetches the records and
 * the stats, so another desk's check-in shows here within a moment. The browser reconnects by
 * itself (the server asks for 2 s); after a reconnect everything is refetched, in case a change was
 * missed while away.
 *
 * The server ends the stream when the session is revoked or expires or the role changes, and then
 * refuses the browser's reconnect (401/403), after which EventSource gives up for good. The desk then
 * asks who is signed in: nobody, or someone no longer allowed at the door, is told so and sent to
 * sign in (the route guard acts on the updated user); only a refusal for another reason is retried.
 */
export function useCheckinLiveUpdates(): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setState('offline');
      return;
    }
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let hadError = false;
    let stopped = false;

    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: CHECKIN_QUERY_KEY }),
        COALESCE_MS,
      );
    };

    const connect = () => {
      source = new EventSource(EVENTS_URL, { withCredentials: true });
      source.onopen = () => {
        setState('live');
        if (hadError) refresh();
        hadError = false;
      };
      source.addEventListener('checkin', refresh);
      source.onerror = () => {
        hadError = true;
        setState(source?.readyState === EventSource.CLOSED ? 'offline' : 'connecting');
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          void whyRefused();
        }
      };
    };
    const whyRefused = async () => {
      const user = await getMe().catch(() => undefined);
      if (stopped) return;
      if (user === null || (user && !DOOR_ROLES.has(user.role))) {
        toast.error(user ? 'Access Denied' : 'Signed out', {
          id: 'checkin-access',
          description: user ? NO_LONGER_ALLOWED_MESSAGE : SIGNED_OUT_MESSAGE,
        });
        queryClient.setQueryData(meQueryKey, user);
        return;
      }
      retry = setTimeout(connect, RETRY_AFTER_CLOSE_MS);
    };
    connect();

    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient]);

  return state;
}
