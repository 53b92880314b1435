import { useCallback, useEffect, useRef, useState } from 'react';
import type { DraftBody } from '@lanyard/shared/application';
import { isApiError } from '@/lib/api-client';
import { saveDraft } from '@/api/save-draft';

export type DraftSaveStatus = 'idle' | 'saving' | 'saved' | 'error';

export const DRAFT_SAVE_DELAY_MS = 1_000;
const RETRY_FIRST_MS = 3_000;
const RETRY_MAX_MS = 30_000;

/** A random id for the form on this page; crypto.randomUUID needs https, which a LAN test may lack. */
function pageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The draft of either application form: saved about a second after the last change, one request
 * at a time (but for the page going away, and then counted so that the server keeps the newer),
 * always with the latest answers. A failed save is retried with backoff and only shows in
 * `status`; typing is never blocked. `stop()` ends autosave before the application is submitted.
 */
export function useDraftAutosave(
  getBody: () => DraftBody,
  delayMs = DRAFT_SAVE_DELAY_MS,
  onSaved?: (body: DraftBody) => void,
) {
  const [status, setStatus] = useState<DraftSaveStatus>('idle');
  const getBodyRef = useRef(getBody);
  const onSavedRef = useRef(onSaved);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const changedWhileSaving = useRef(false);
  const stopped = useRef(false);
  const retryMs = useRef(RETRY_FIRST_MS);
  const mounted = useRef(true);
  // This form's saves, counted: when two are out at once (the tab closing), the server keeps the
  // newer answers whichever lands last.
  const page = useRef<{ tab: string; seq: number } | null>(null);

  useEffect(() => {
    getBodyRef.current = getBody;
    onSavedRef.current = onSaved;
  }, [getBody, onSaved]);

  const report = useCallback((next: DraftSaveStatus) => {
    if (mounted.current) setStatus(next);
  }, []);

  const clearTimer = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };

  const save = useCallback(
    (leaving = false): void => {
      clearTimer();
      if (stopped.current) return;
      // One at a time, except when the page is going away: the newest answers cannot wait for the
      // save that is out, as the page may be gone before it lands. They go beside it; the one out
      // left first, so the server almost always takes them in order.
      if (inFlight.current && !leaving) {
        changedWhileSaving.current = true;
        return;
      }
      changedWhileSaving.current = false;
      report('saving');
      const body = getBodyRef.current();
      page.current ??= { tab: pageId(), seq: 0 };
      page.current.seq += 1;
      let settled: Promise<void> | null = null;
      const request = saveDraft(body, { leaving, page: { ...page.current } }).then(
        () => {
          retryMs.current = RETRY_FIRST_MS;
          onSavedRef.current?.(body);
          // "Saved" is a promise that a reload loses nothing: not while a newer change waits.
          if (inFlight.current === settled && !changedWhileSaving.current && timer.current === null)
            report('saved');
        },
        (err: unknown) => {
          // Submitted in another tab: nothing left to save.
          if (isApiError(err) && err.status === 409) {
            stopped.current = true;
            report('idle');
            return;
          }
          // A newer save, sent on leaving, is out: it reports and retries for itself.
          if (inFlight.current !== settled) return;
          report('error');
          const wait = retryMs.current;
          retryMs.current = Math.min(retryMs.current * 2, RETRY_MAX_MS);
          if (!stopped.current) timer.current = setTimeout(() => save(), wait);
        },
      );
      settled = request.finally(() => {
        // A save sent on leaving took over: the newest request clears the way.
        if (inFlight.current !== settled) return;
        inFlight.current = null;
        if (changedWhileSaving.current && !stopped.current) save();
      });
      inFlight.current = settled;
    },
    [report],
  );

  /** Something changed: save after the pause. */
  const schedule = useCallback(() => {
    if (stopped.current) return;
    report('saving');
    clearTimer();
    timer.current = setTimeout(() => save(), delayMs);
  }, [delayMs, report, save]);

  /** No more saves; resolves once a save already on its way has finished. */
  const stop = useCallback(async () => {
    stopped.current = true;
    clearTimer();
    await inFlight.current?.catch(() => {});
  }, []);

  /** Saves again after stop() (a failed submission keeps the answers in the draft). */
  const resume = useCallback(() => {
    stopped.current = false;
  }, []);

  useEffect(() => {
    mounted.current = true;
    // Leaving the page (or hiding the tab, which may be the last chance) with a save pending: send
    // it now, as a request that outlives the page.
    const flushLeaving = () => {
      if (timer.current !== null || changedWhileSaving.current) save(true);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushLeaving();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flushLeaving);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flushLeaving);
      // Leaving the form inside the app: the page lives on, an ordinary save will do.
      if (timer.current !== null) save();
      mounted.current = false;
    };
  }, [save]);

  return { status, schedule, stop, resume };
}

export type DraftAutosave = ReturnType<typeof useDraftAutosave>;
