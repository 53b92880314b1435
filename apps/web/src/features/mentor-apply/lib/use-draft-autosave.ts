import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DraftBody } from '@lanyard/shared/application';
import { isApiError } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth/get-me';
import { saveDraft, saveDraftOnExit } from '../api/save-draft';

/** How long typing must pause before the draft is saved. */
export const DRAFT_SAVE_DEBOUNCE_MS = 1_000;

export type DraftSaveState = 'idle' | 'saving' | 'saved' | 'error';

/**
 * Saves the draft about a second after the last change, one request at a time (a change made while a
 * save is in flight is saved right after it), and once more with `keepalive` if the page goes away
 * with a change still waiting. `stop()` halts everything before a submit; `resume()` restarts it after a
 * failed one.
 */
export function useDraftAutosave(buildBody: () => DraftBody) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<DraftSaveState>('idle');
  const build = useRef(buildBody);
  build.current = buildBody;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const stopped = useRef(false);
  const markedInProgress = useRef(false);

  const flush = useCallback((): Promise<void> => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (stopped.current) return Promise.resolve();
    if (inFlight.current) {
      again.current = true;
      return inFlight.current;
    }
    setState('saving');
    const run = saveDraft(build.current())
      .then(() => {
        setState('saved');
        if (!markedInProgress.current) {
          // The first draft makes the applicant "in progress": the dashboard should say so.
          markedInProgress.current = true;
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
        }
      })
      .catch((err: unknown) => {
        // 409: already submitted (another tab); nothing left to save.
        if (isApiError(err) && err.status === 409) stopped.current = true;
        setState(stopped.current ? 'idle' : 'error');
      })
      .finally(() => {
        inFlight.current = null;
        if (again.current) {
          again.current = false;
          void flush();
        }
      });
    inFlight.current = run;
    return run;
  }, [queryClient]);

  /** A change happened: save once typing pauses. */
  const schedule = useCallback(() => {
    if (stopped.current) return;
    setState('saving');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), DRAFT_SAVE_DEBOUNCE_MS);
  }, [flush]);

  /** Before a submit: no new saves, and wait for one already on its way (it would otherwise land after). */
  const stop = useCallback(async () => {
    stopped.current = true;
    clearTimeout(timer.current);
    timer.current = undefined;
    again.current = false;
    while (inFlight.current) await inFlight.current;
  }, []);

  const resume = useCallback(() => {
    stopped.current = false;
  }, []);

  useEffect(() => {
    const onExit = () => {
      if (timer.current === undefined || stopped.current) return;
      clearTimeout(timer.current);
      timer.current = undefined;
      saveDraftOnExit(build.current());
    };
    window.addEventListener('pagehide', onExit);
    return () => {
      window.removeEventListener('pagehide', onExit);
      // Leaving the form inside the app: save what is still waiting.
      if (timer.current !== undefined && !stopped.current) {
        clearTimeout(timer.current);
        timer.current = undefined;
        void saveDraft(build.current()).catch(() => undefined);
      }
    };
  }, []);

  return { state, schedule, flush, stop, resume };
}
