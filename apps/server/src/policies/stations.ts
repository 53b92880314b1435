/**
 * Stations' rules about people and time (issue 20). What a scan's verdict is lives in
 * @lanyard/shared/stations (judgeScan), shared with the offline scanner; here: who may undo a scan,
 * which replayed times are believed, and what a station may show of a person.
 */
import { STATION_LIMITS, type StationKind } from '@lanyard/shared/stations';

/**
 * Undo: the volunteer who made the scan (or an admin) while the scanner still offers it, with a
 * little grace for a slow network. A replayed scan was made offline long ago: it is not undone here.
 */
export function mayUndoScan(
  scan: { scannedBy: string | null; receivedAt: Date; source: 'online' | 'replayed' },
  actor: { id: string; role: string },
  now: Date,
): 'ok' | 'not_yours' | 'expired' {
  if (scan.scannedBy !== actor.id && actor.role !== 'admin') return 'not_yours';
  const limitMs = (STATION_LIMITS.undoSeconds + STATION_LIMITS.undoGraceSeconds) * 1000;
  if (scan.source !== 'online' || now.getTime() - scan.receivedAt.getTime() > limitMs) return 'expired';
  return 'ok';
}

/** Why a replayed scan's time is not believed (a device clock far off, or a queue kept too long). */
export function replayedTimeProblem(scannedAt: Date, now: Date): string | null {
  const ms = scannedAt.getTime() - now.getTime();
  if (ms > STATION_LIMITS.replayMaxSkewSeconds * 1000) return 'scanned_at is in the future';
  if (-ms > STATION_LIMITS.replayMaxAgeHours * 3600 * 1000)
    return `scanned_at is more than ${STATION_LIMITS.replayMaxAgeHours} hours old`;
  return null;
}

/** The result screen shows a shirt size at swag stations and dietary needs at meals, nothing more. */
export function stationShows(kind: StationKind): { shirt: boolean; dietary: boolean } {
  return { shirt: kind === 'swag', dietary: kind === 'meal' };
}
