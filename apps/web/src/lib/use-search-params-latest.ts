import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * useSearchParams whose functional updates start from the latest URL this screen wrote, not from
 * the one of the render that made the callback. React Router hands `prev` from that render, so a
 * debounced write (a search box) or two quick changes made before the router has drawn the first one
 * put back what the other had just removed: on a busy machine, Clear All left a filter behind.
 */
export function useSearchParamsLatest() {
  const [searchParams, setSearchParams] = useSearchParams();
  const latest = useRef(searchParams);
  // What this screen wrote and the router has not drawn yet, oldest first.
  const pending = useRef<string[]>([]);

  useLayoutEffect(() => {
    const drawn = searchParams.toString();
    const at = pending.current.indexOf(drawn);
    if (at >= 0) {
      pending.current.splice(0, at + 1);
      // A later write of ours is still on its way: it, not this one, is the latest.
      if (pending.current.length > 0) return;
    } else {
      // Someone else moved the URL (back button, a link): it is the latest.
      pending.current = [];
    }
    latest.current = searchParams;
  }, [searchParams]);

  const update = useCallback(
    (next: (prev: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const value = next(new URLSearchParams(latest.current));
      latest.current = value;
      pending.current.push(value.toString());
      setSearchParams(value, options);
    },
    [setSearchParams],
  );

  return [searchParams, update] as const;
}
