import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myApplicationResponseSchema, type MyApplication } from '@lanyard/shared/application';
import { api } from '@/lib/api-client';
import { shouldCelebrate } from '../lib/application-status';
import { myApplicationQueryKey } from '@/api/get-my-application';

/** POST /api/applications/me/celebrated: the server remembers this acceptance has been celebrated. */
export async function markCelebrated(): Promise<MyApplication | null> {
  const { application } = await api.post(
    '/api/applications/me/celebrated',
    {},
    {
      schema: myApplicationResponseSchema,
    },
  );
  return application;
}

/**
 * True while this page celebrates: from the moment a not-yet-celebrated released acceptance shows
 * until the page goes. The acceptance is marked on the server at once, so no later visit or other
 * device celebrates it again; the marked answer coming back does not cut this celebration short.
 * If marking fails, the next visit simply celebrates again.
 */
export function useCelebrateOnce(application: MyApplication | null | undefined, released: boolean): boolean {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: markCelebrated,
    onSuccess: (marked) => {
      if (marked) queryClient.setQueryData(myApplicationQueryKey, marked);
    },
  });
  const due = shouldCelebrate(application, released);
  const [started, setStarted] = useState(false);
  const marked = useRef(false);
  useEffect(() => {
    if (!due || marked.current) return;
    marked.current = true;
    setStarted(true);
    mutate();
  }, [due, mutate]);
  return started || due;
}
