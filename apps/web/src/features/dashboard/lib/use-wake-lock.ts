import { useEffect } from 'react';

/**
 * Keeps the screen on while `active` (Screen Wake Lock API, where the browser has it): a pass that
 * dims while the queue moves is a pass the scanner cannot read. The lock lapses whenever the page
 * is hidden, so it is asked for again when the page shows.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const wakeLock = 'wakeLock' in navigator ? navigator.wakeLock : undefined;
    if (!active || !wakeLock) return;
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock
        .request('screen')
        .then((s) => {
          if (stopped) void s.release();
          else sentinel = s;
        })
        // Refused (battery saver, no user gesture yet): the screen just dims as usual.
        .catch(() => undefined);
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', request);
      void sentinel?.release().catch(() => undefined);
    };
  }, [active]);
}
