import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  SCAN_DENIAL_MESSAGES,
  STATION_LIMITS,
  type ScanResult,
  type SnapshotEntry,
} from '@lanyard/shared/stations';
import { errorMessage, isApiError } from '@/lib/api-client';
import { CHECKIN_QUERY_KEY } from '../../api/keys';
import { fetchSnapshot, replayScans, scanAtStation, undoScan } from '../../api/stations';
import { deviceId } from './device';
import {
  applyQueued,
  indexSnapshot,
  judgeOffline,
  markScanned,
  unmarkScanned,
  type LocalSnapshot,
} from './offline-judge';
import { describeSync, syncQueue } from './replay';
import { snapshotKey } from './scan-key';
import { enqueue, idbQueue, loadSnapshot, queueCount, saveSnapshot } from './scanner-db';

/** An online scan that has not answered by then is judged on the device instead. */
export const ONLINE_TIMEOUT_MS = 3000;
const SNAPSHOT_EVERY_MS = 60_000;
const SYNC_RETRY_MS = 15_000;
/** A burst of scans elsewhere refreshes the snapshot once. */
const LIVE_DEBOUNCE_MS = 2000;
const EVENTS_URL = '/api/checkin/events';

export const NO_SNAPSHOT_MESSAGE =
  'No network, and this device has no attendee list for this station yet. Connect once to download it.';

/** What Undo needs to put things back. */
interface UndoInfo {
  key: string;
  before: SnapshotEntry | undefined;
}

export type ScanAnswer =
  | { kind: 'result'; result: ScanResult; offline: boolean; undoUntil: number | null; undo: UndoInfo }
  | { kind: 'problem'; message: string }
  | { kind: 'station_gone' };

/** No answer at all (network down, server unreachable or failing, too slow): judge on the device. */
function isNetworkFailure(err: unknown): boolean {
  if (isApiError(err)) return err.status === 0 || err.status >= 500;
  return err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError');
}

function invalidCode(clientScanId: string): ScanResult {
  return {
    scan_id: null,
    client_scan_id: clientScanId,
    outcome: 'denied',
    reason: 'invalid_code',
    message: SCAN_DENIAL_MESSAGES.invalid_code,
    person: null,
    previous: null,
    undo_until: null,
  };
}

/**
 * The scanner's data for one station: the snapshot (IndexedDB, refreshed every minute and on every
 * live change), the queue of offline scans and its replay, and the scan itself (the server when it
 * answers within 3 s, else the snapshot). While scans wait in the queue, new ones queue behind them,
 * so the server judges everything in the order it happened.
 */
export function useStationEngine(stationId: string, onStationGone: () => void) {
  const queryClient = useQueryClient();
  const [local, setLocalState] = useState<LocalSnapshot | null>(null);
  const localRef = useRef<LocalSnapshot | null>(null);
  const etagRef = useRef<string | null>(null);
  const [waiting, setWaitingState] = useState(0);
  const waitingRef = useRef(0);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [syncing, setSyncing] = useState(false);
  const syncingRef = useRef(false);
  const [syncNotes, setSyncNotes] = useState<string[]>([]);
  const goneRef = useRef(onStationGone);
  useEffect(() => {
    goneRef.current = onStationGone;
  }, [onStationGone]);

  const setLocal = (next: LocalSnapshot | null) => {
    localRef.current = next;
    setLocalState(next);
  };
  const setWaiting = (n: number) => {
    waitingRef.current = n;
    setWaitingState(n);
  };

  const refresh = useCallback(async () => {
    if (!navigator.onLine) return;
    try {
      const answer = await fetchSnapshot(stationId, etagRef.current, AbortSignal.timeout(15_000));
      if (answer.kind === 'unchanged') return;
      const queue = await idbQueue.list();
      etagRef.current = answer.etag;
      setLocal(applyQueued(indexSnapshot(answer.snapshot), queue));
      await saveSnapshot(answer.snapshot, answer.etag);
    } catch (err) {
      if (isApiError(err) && err.code === 'unknown_station') goneRef.current();
      // Otherwise the copy on the device serves until the next try.
    }
  }, [stationId]);

  const sync = useCallback(async () => {
    if (syncingRef.current || !navigator.onLine) return;
    syncingRef.current = true;
    setSyncing(true);
    try {
      if ((await queueCount()) > 0) {
        const report = await syncQueue(idbQueue, (batch) => replayScans(deviceId(), batch));
        setSyncNotes(describeSync(report));
        // The server now holds these scans: ask for the whole list again rather than a 304.
        etagRef.current = null;
        void queryClient.invalidateQueries({ queryKey: CHECKIN_QUERY_KEY });
        await refresh();
      }
    } catch (err) {
      if (isApiError(err) && (err.status === 401 || err.status === 403)) {
        setSyncNotes(['Signed out: sign in again to send the waiting scans.']);
      } else if (!isNetworkFailure(err)) {
        // Not the network: say so, rather than retry in silence while the queue grows.
        setSyncNotes([
          `Sync failed: ${errorMessage(err, 'the server refused the scans')}. Trying again shortly.`,
        ]);
      }
    } finally {
      setWaiting(await queueCount());
      syncingRef.current = false;
      setSyncing(false);
    }
  }, [queryClient, refresh]);

  // The copy on the device first (it may be all there is), then the server's.
  useEffect(() => {
    let cancelled = false;
    setLocal(null);
    etagRef.current = null;
    void (async () => {
      const [stored, queue] = await Promise.all([loadSnapshot(stationId), idbQueue.list()]);
      if (cancelled) return;
      if (stored) {
        etagRef.current = stored.etag;
        setLocal(applyQueued(indexSnapshot(stored.snapshot), queue));
      }
      setWaiting(queue.length);
      await sync();
      await refresh();
    })();
    const timer = setInterval(() => void refresh(), SNAPSHOT_EVERY_MS);
    const retry = setInterval(() => {
      if (waitingRef.current > 0) void sync();
    }, SYNC_RETRY_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
      clearInterval(retry);
    };
  }, [stationId, refresh, sync]);

  useEffect(() => {
    const up = () => {
      setOnline(true);
      void sync().then(refresh);
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [sync, refresh]);

  // Live: any change at the door or a station may change who this station serves.
  useEffect(() => {
    if (!online || typeof EventSource === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const source = new EventSource(EVENTS_URL, { withCredentials: true });
    source.addEventListener('checkin', () => {
      void queryClient.invalidateQueries({ queryKey: CHECKIN_QUERY_KEY });
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), LIVE_DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [online, queryClient, refresh]);

  const judgeHere = async (token: string, clientScanId: string, confirm: boolean): Promise<ScanAnswer> => {
    const current = localRef.current;
    if (!current) return { kind: 'problem', message: NO_SNAPSHOT_MESSAGE };
    const key = await snapshotKey(token);
    const at = new Date();
    const result = judgeOffline({ local: current, key, clientScanId, at, confirmed: confirm });
    const undo = { key, before: current.byKey.get(key) };
    if (result.reason === 'needs_confirmation')
      return { kind: 'result', result, offline: true, undoUntil: null, undo };
    setWaiting(
      await enqueue({
        client_scan_id: clientScanId,
        station_id: stationId,
        token,
        scanned_at: at.toISOString(),
        key,
        offline_outcome: result.outcome,
      }),
    );
    const ok = result.outcome === 'ok';
    if (ok && localRef.current) setLocal(markScanned(localRef.current, key, at));
    const undoUntil = ok ? Date.now() + STATION_LIMITS.undoSeconds * 1000 : null;
    return { kind: 'result', result, offline: true, undoUntil, undo };
  };

  const scan = async (token: string, confirm = false): Promise<ScanAnswer> => {
    const clientScanId = crypto.randomUUID();
    if (navigator.onLine && waitingRef.current === 0) {
      try {
        const result = await scanAtStation(
          stationId,
          {
            token,
            device_id: deviceId(),
            client_scan_id: clientScanId,
            ...(confirm ? { confirm: true } : {}),
          },
          AbortSignal.timeout(ONLINE_TIMEOUT_MS),
        );
        const key = await snapshotKey(token);
        const undo = { key, before: localRef.current?.byKey.get(key) };
        let undoUntil: number | null = null;
        if (result.outcome === 'ok' && result.scan_id) {
          if (localRef.current) setLocal(markScanned(localRef.current, key, new Date()));
          undoUntil = Date.now() + STATION_LIMITS.undoSeconds * 1000;
        }
        return { kind: 'result', result, offline: false, undoUntil, undo };
      } catch (err) {
        if (isApiError(err) && err.code === 'invalid_qr') {
          const undo = { key: '', before: undefined };
          return { kind: 'result', result: invalidCode(clientScanId), offline: false, undoUntil: null, undo };
        }
        if (isApiError(err) && err.code === 'unknown_station') return { kind: 'station_gone' };
        if (!isNetworkFailure(err))
          return { kind: 'problem', message: errorMessage(err, 'The scan failed.') };
        setOnline(navigator.onLine);
      }
    }
    // Same client_scan_id: if the server did take the timed-out scan, the replay returns that one.
    return judgeHere(token, clientScanId, confirm);
  };

  const undo = async (answer: Extract<ScanAnswer, { kind: 'result' }>): Promise<void> => {
    if (answer.offline) await idbQueue.removeOne(answer.result.client_scan_id);
    else if (answer.result.scan_id) await undoScan(answer.result.scan_id);
    setWaiting(await queueCount());
    const { key, before } = answer.undo;
    if (before && localRef.current) setLocal(unmarkScanned(localRef.current, key, before));
  };

  return {
    local,
    waiting,
    online,
    syncing,
    syncNotes,
    clearSyncNotes: () => setSyncNotes([]),
    scan,
    undo,
    sync,
  };
}
