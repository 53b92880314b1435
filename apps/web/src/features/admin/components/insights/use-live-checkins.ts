import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { INSIGHTS_QUERY_KEY } from '../../api/insights';

const EVENTS_URL = '/api/checkin/events';
/** A busy door sends bursts: one refetch per burst. */
const COALESCE_MS = 300;

/**
 * The check-in chart follows the door through the check-in event stream (the one the desks use):
 * each check-in anywhere refetches the chart. While the stream is down the browser retries by
 * itself, and the caller polls instead (the returned state says which).
 */
export function useLiveCheckins(): 'live' | 'offline' {
  const queryClient = useQueryClient();
  const [state, setState] = useState<'live' | 'offline'>('offline');
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: [...INSIGHTS_QUERY_KEY, 'checkins'] }),
        COALESCE_MS,
      );
    };
    const source = new EventSource(EVENTS_URL, { withCredentials: true });
    source.onopen = () => {
      setState('live');
      refresh();
    };
    source.addEventListener('checkin', refresh);
    source.onerror = () => setState('offline');
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [queryClient]);
  return state;
}
