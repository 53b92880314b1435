import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Camera, CloudOff, RefreshCw, Repeat, RotateCcw, Search, Wifi } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { CheckinRecord } from '@lanyard/shared/checkin';
import { STATION_KIND_LABELS, STATION_LIMITS, type Station } from '@lanyard/shared/stations';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useEventConfig } from '@/config/event-config';
import { errorMessage, isApiError } from '@/lib/api-client';
import { CHECKIN_QUERY_KEY } from '../../api/keys';
import { scanRecordAtStation, useStationCounts } from '../../api/stations';
import { deviceId } from '../lib/device';
import { signal } from '../lib/feedback';
import { waitingLine } from '../lib/replay';
import { resultTitle, resultTone } from '../lib/result-view';
import { useCodeReader } from '../../lib/use-code-reader';
import { useStationEngine, type ScanAnswer } from '../lib/use-station-engine';
import { FindByName } from './find-by-name';
import { ScanResultView } from './scan-result';
import { StationCounters } from './station-counters';

/** A result on screen, with what was scanned (a code, or a record found by name) for Check in. */
type Shown = Extract<ScanAnswer, { kind: 'result' }> & { token: string | null; recordId?: string };

/** How long the full-screen colour stays before folding into a bar (the camera never stops). */
const EXPANDED_MS = { ok: 2500, already: 4000, denied: 4000, confirm: 0 } as const;
const UNDO_MS = STATION_LIMITS.undoSeconds * 1000;
/** A scan by record has no snapshot key: Undo asks the server only. */
const NO_LOCAL_UNDO = { key: '', before: undefined };

interface ScannerViewProps {
  station: Station;
  onChangeStation: () => void;
  /** The station was deleted or is unknown to the server. */
  onStationGone: () => void;
}

/** The camera at one station: continuous scanning, the verdict over it, the counts below. */
export function ScannerView({ station, onChangeStation, onStationGone }: ScannerViewProps) {
  const queryClient = useQueryClient();
  const config = useEventConfig();
  const engine = useStationEngine(station.id, onStationGone);
  const counts = useStationCounts();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [undoPending, setUndoPending] = useState(false);
  const [confirmPending, setConfirmPending] = useState(false);
  const [searching, setSearching] = useState(false);
  const [pickedId, setPickedId] = useState<string | null>(null);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const collapseTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const timeZone = engine.local?.snapshot.time_zone ?? config.timeZone;

  const show = useCallback((next: Shown) => {
    setProblem(null);
    setShown(next);
    setExpanded(true);
    const tone = resultTone(next.result);
    signal(tone === 'confirm' ? 'confirm' : tone);
    clearTimeout(collapseTimer.current);
    if (EXPANDED_MS[tone] > 0)
      collapseTimer.current = setTimeout(() => setExpanded(false), EXPANDED_MS[tone]);
  }, []);
  useEffect(() => () => clearTimeout(collapseTimer.current), []);

  const { scan } = engine;
  const handle = useCallback(
    async (token: string, confirm = false) => {
      const answer = await scan(token, confirm);
      if (answer.kind === 'result') {
        show({ ...answer, token });
        if (answer.result.outcome === 'ok' && !answer.offline) {
          void queryClient.invalidateQueries({ queryKey: CHECKIN_QUERY_KEY });
        }
      } else if (answer.kind === 'problem') {
        setProblem(answer.message);
        signal('denied');
      } else onStationGone();
    },
    [scan, show, queryClient, onStationGone],
  );

  // One scan at a time, in the order the codes were read.
  const onCode = useCallback(
    (token: string) => {
      chain.current = chain.current.then(() => handle(token)).catch(() => undefined);
    },
    [handle],
  );
  const { camera, retry } = useCodeReader(videoRef, onCode);

  const confirm = async () => {
    setConfirmPending(true);
    try {
      if (shown?.recordId) await scanRecord(shown.recordId, true);
      else if (shown?.token) await handle(shown.token, true);
    } finally {
      setConfirmPending(false);
    }
  };

  const undo = async () => {
    if (!shown) return;
    setUndoPending(true);
    try {
      await engine.undo(shown);
      setShown(null);
      setExpanded(false);
      void queryClient.invalidateQueries({ queryKey: CHECKIN_QUERY_KEY });
    } catch (err) {
      setProblem(
        isApiError(err) && err.code === 'undo_expired'
          ? 'Too late to undo this scan.'
          : 'Undo failed. Check the network and try again.',
      );
    } finally {
      setUndoPending(false);
    }
  };

  /** Someone found by name: the same scan, by their record (online only, as the search is). */
  const scanRecord = async (recordId: string, confirmed = false) => {
    setPickedId(recordId);
    try {
      const result = await scanRecordAtStation(station.id, {
        record_id: recordId,
        device_id: deviceId(),
        client_scan_id: crypto.randomUUID(),
        ...(confirmed ? { confirm: true } : {}),
      });
      setSearching(false);
      const undoUntil = result.outcome === 'ok' && result.scan_id ? Date.now() + UNDO_MS : null;
      show({ kind: 'result', result, offline: false, undoUntil, undo: NO_LOCAL_UNDO, token: null, recordId });
      void queryClient.invalidateQueries({ queryKey: CHECKIN_QUERY_KEY });
    } catch (err) {
      setSearching(false);
      setProblem(errorMessage(err, 'The scan failed. Try again.'));
    } finally {
      setPickedId(null);
    }
  };

  const announcement = shown
    ? `${resultTitle(shown.result, station.kind)}${shown.result.person ? `: ${shown.result.person.name}` : ''}. ${
        shown.result.outcome === 'denied' ? shown.result.message : ''
      }`
    : '';

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex flex-col gap-2 px-3 pt-2 pb-2 sm:px-4">
        <div className="flex items-center gap-2">
          <Button
            asChild
            variant="ghost"
            size="icon"
            className="shrink-0 text-white hover:bg-white/10 hover:text-white"
          >
            <Link to={paths.checkin} aria-label="Back to the check-in portal">
              <ArrowLeft aria-hidden="true" />
            </Link>
          </Button>
          <div className="min-w-0 flex-1">
            <h1 className="line-clamp-2 text-lg leading-tight font-bold [overflow-wrap:anywhere] text-white sm:text-2xl">
              {station.name}
            </h1>
            <p className="text-xs text-slate-300 sm:text-sm">{STATION_KIND_LABELS[station.kind]} station</p>
          </div>
          <Button variant="secondary" size="sm" onClick={() => setSearching(true)}>
            <Search aria-hidden="true" />
            <span className="max-sm:sr-only">Search by name</span>
          </Button>
          <Button variant="secondary" size="sm" onClick={onChangeStation}>
            <Repeat aria-hidden="true" />
            Change<span className="max-sm:sr-only"> station</span>
          </Button>
        </div>
        <StatusLine engine={engine} />
      </header>

      <div className="relative min-h-0 flex-1 overflow-hidden bg-black">
        <video ref={videoRef} muted playsInline aria-label="Camera view" className="size-full object-cover" />
        {camera.kind === 'running' ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-1/2 aspect-square w-[min(70%,55vh)] -translate-x-1/2 -translate-y-1/2 rounded-3xl border-4 border-white/85 shadow-[0_0_0_9999px_rgba(2,6,23,0.45)]"
          />
        ) : null}
        <div className="absolute inset-x-0 bottom-3 flex justify-center px-4">
          <p className="rounded-full bg-slate-950/80 px-4 py-1.5 text-sm font-medium text-white">
            {camera.kind === 'running' ? (
              'Hold the code inside the frame'
            ) : camera.kind === 'starting' ? (
              <span className="flex items-center gap-2">
                <Spinner className="size-4" /> Starting the camera...
              </span>
            ) : (
              <span className="flex items-center gap-2">
                <Camera aria-hidden="true" className="size-4" /> No camera
              </span>
            )}
          </p>
        </div>
      </div>

      {camera.kind === 'error' ? (
        <Alert tone="error" role="alert" className="m-3 items-center">
          <AlertDescription className="mt-0 flex-1">{camera.message}</AlertDescription>
          <Button variant="secondary" size="sm" onClick={retry}>
            <RotateCcw aria-hidden="true" /> Try again
          </Button>
        </Alert>
      ) : null}
      {problem ? (
        <Alert tone="error" role="alert" className="m-3">
          <AlertDescription className="mt-0 font-semibold">{problem}</AlertDescription>
        </Alert>
      ) : null}

      {shown ? (
        <ScanResultView
          shown={shown}
          kind={station.kind}
          timeZone={timeZone}
          expanded={expanded}
          onCollapse={() => (resultTone(shown.result) === 'confirm' ? setShown(null) : setExpanded(false))}
          onUndo={() => void undo()}
          undoPending={undoPending}
          onConfirm={() => void confirm()}
          confirmPending={confirmPending}
        />
      ) : null}

      <footer className="px-3 py-2 sm:px-4">
        <StationCounters counts={counts.data} stationId={station.id} />
      </footer>

      <p className="sr-only" role="status" aria-live="assertive">
        {announcement}
      </p>

      <FindByName
        open={searching}
        onOpenChange={setSearching}
        station={station}
        online={engine.online}
        onPick={(record: CheckinRecord) => void scanRecord(record._id)}
        pendingId={pickedId}
      />
    </div>
  );
}

/** Online or not, what waits, and how fresh the offline list is; only the first and the sync notes are announced. */
function StatusLine({ engine }: { engine: ReturnType<typeof useStationEngine> }) {
  const { online, waiting, syncing, syncNotes, local } = engine;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {online ? (
          <span className="flex items-center gap-1.5 text-green-300">
            <Wifi aria-hidden="true" className="size-4" /> Online
          </span>
        ) : (
          <span className="flex items-center gap-1.5 rounded bg-amber-300 px-2 py-0.5 font-semibold text-slate-950">
            <CloudOff aria-hidden="true" className="size-4" /> Offline
          </span>
        )}
        {waiting > 0 ? (
          <span className="font-semibold text-amber-200" data-testid="scans-waiting">
            {waitingLine(waiting, online)}
          </span>
        ) : null}
        {syncing ? (
          <span className="flex items-center gap-1.5 text-slate-200">
            <RefreshCw aria-hidden="true" className="size-4 motion-safe:animate-spin" /> Syncing...
          </span>
        ) : null}
      </span>
      {local ? (
        <span className="text-slate-300" data-testid="offline-list">
          Saved for offline: {local.snapshot.entries.length} people, at{' '}
          {new Date(local.snapshot.generated_at).toLocaleTimeString([], {
            hour: 'numeric',
            minute: '2-digit',
          })}
        </span>
      ) : !online ? (
        <span className="text-amber-200">No offline list yet</span>
      ) : null}
      {syncNotes.length > 0 ? (
        <span className="flex items-center gap-2 font-semibold text-amber-100">
          <span role="status" data-testid="sync-notes">
            {syncNotes.join('; ')}
          </span>
          <button type="button" className="underline" onClick={engine.clearSyncNotes}>
            Dismiss
          </button>
        </span>
      ) : null}
    </div>
  );
}
