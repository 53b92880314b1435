import {
  judgeScan,
  SCAN_DENIAL_MESSAGES,
  type ScanDenial,
  type ScanOutcome,
  type ScanResult,
  type SnapshotEntry,
  type StationSnapshot,
} from '@lanyard/shared/stations';

/** What the result screen says for an accepted or repeated scan (denials carry their own message). */
export const OK_MESSAGE = 'OK';
export const ALREADY_MESSAGE = 'Already scanned';

/** A snapshot as the scanner keeps it: the entries by key, for a lookup per scan. */
export interface LocalSnapshot {
  snapshot: StationSnapshot;
  byKey: Map<string, SnapshotEntry>;
}

export function indexSnapshot(snapshot: StationSnapshot): LocalSnapshot {
  return { snapshot, byKey: new Map(snapshot.entries.map((e) => [e.key, e])) };
}

export function messageFor(outcome: ScanOutcome, reason: ScanDenial | null): string {
  if (outcome === 'denied') return SCAN_DENIAL_MESSAGES[reason ?? 'not_confirmed'];
  return outcome === 'ok' ? OK_MESSAGE : ALREADY_MESSAGE;
}

/**
 * The verdict on a scan made without network, by the same rule the server applies. A key the
 * snapshot does not hold is someone the station has never heard of: refused as not confirmed (a
 * forged code looks the same offline; the replay tells them apart).
 */
export function judgeOffline(input: {
  local: LocalSnapshot;
  key: string;
  clientScanId: string;
  at: Date;
  /** The volunteer tapped "Check in" on the confirm screen. */
  confirmed?: boolean;
}): ScanResult {
  const { snapshot } = input.local;
  const entry = input.local.byKey.get(input.key);
  const base = { scan_id: null, client_scan_id: input.clientScanId, undo_until: null };
  if (!entry) {
    return {
      ...base,
      outcome: 'denied',
      reason: 'not_confirmed',
      message: SCAN_DENIAL_MESSAGES.not_confirmed,
      person: null,
      previous: null,
    };
  }
  const verdict = judgeScan({
    rule: snapshot.station.rule,
    denial: entry.eligible ? null : (entry.reason ?? 'not_confirmed'),
    last: entry.last,
    at: input.at,
    timeZone: snapshot.time_zone,
  });
  const station = snapshot.station;
  // The desk without express asks for a tap first, offline as online.
  if (
    verdict.outcome === 'ok' &&
    station.kind === 'checkin' &&
    !station.express &&
    input.confirmed !== true
  ) {
    return {
      ...base,
      outcome: 'denied',
      reason: 'needs_confirmation',
      message: SCAN_DENIAL_MESSAGES.needs_confirmation,
      person: entry.person,
      previous: null,
    };
  }
  return {
    ...base,
    ...verdict,
    message: messageFor(verdict.outcome, verdict.reason),
    person: entry.person,
  };
}

/**
 * After an offline OK the person's entry remembers the scan, so showing the same code again is a
 * repeat (amber) as it would be online. At the check-in station an OK also checks them in.
 */
export function markScanned(local: LocalSnapshot, key: string, at: Date): LocalSnapshot {
  const entry = local.byKey.get(key);
  if (!entry) return local;
  const last = { at: at.toISOString(), station_name: local.snapshot.station.name };
  return replaceEntry(local, { ...entry, last });
}

/** Undo of an offline OK: the entry goes back to what it was before. */
export function unmarkScanned(local: LocalSnapshot, key: string, before: SnapshotEntry): LocalSnapshot {
  return local.byKey.has(key) ? replaceEntry(local, before) : local;
}

function replaceEntry(local: LocalSnapshot, entry: SnapshotEntry): LocalSnapshot {
  const entries = local.snapshot.entries.map((e) => (e.key === entry.key ? entry : e));
  const byKey = new Map(local.byKey);
  byKey.set(entry.key, entry);
  return { snapshot: { ...local.snapshot, entries }, byKey };
}

/** A scan accepted offline and waiting for the server. */
export interface QueuedScan {
  client_scan_id: string;
  station_id: string;
  token: string;
  scanned_at: string;
  /** The snapshot key of the token, to mark the scan on a fresh snapshot. */
  key: string;
  /** What the device said: a replay that disagrees is reported. */
  offline_outcome: ScanOutcome;
}

/**
 * A fresh snapshot does not yet know the scans still waiting in the queue: they are marked on it
 * again, oldest first, so a repeat stays amber after a refresh.
 */
export function applyQueued(local: LocalSnapshot, queue: readonly QueuedScan[]): LocalSnapshot {
  let next = local;
  for (const scan of queue) {
    if (scan.station_id !== local.snapshot.station.id || scan.offline_outcome !== 'ok') continue;
    const entry = next.byKey.get(scan.key);
    if (entry?.last && entry.last.at >= scan.scanned_at) continue;
    next = markScanned(next, scan.key, new Date(scan.scanned_at));
  }
  return next;
}
