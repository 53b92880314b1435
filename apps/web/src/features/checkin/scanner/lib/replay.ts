import { STATION_LIMITS, type ScanOutcome, type ScanResult } from '@lanyard/shared/stations';
import type { QueuedScan } from './offline-judge';

/** One scan the server would not take in a replay, and why. */
export interface ReplayIssue {
  index: number;
  client_scan_id: string;
  message: string;
}

/** What a replay request can answer: the results in order, or the scans it refused outright. */
export type ReplayAnswer =
  { kind: 'results'; results: ScanResult[] } | { kind: 'invalid'; issues: ReplayIssue[] };

/** Where the queue lives (IndexedDB in the app, an array in tests). */
export interface QueueStore {
  /** The waiting scans, oldest first. */
  list(): Promise<QueuedScan[]>;
  remove(clientScanIds: readonly string[]): Promise<void>;
}

export interface SyncReport {
  sent: number;
  /** Scans the server judged differently from the device. */
  changed: { scan: QueuedScan; result: ScanResult }[];
  /** Scans the server refused to take at all (a clock far off, a station since deleted). */
  dropped: { scan: QueuedScan; message: string }[];
}

/**
 * Sends the queue to POST /api/checkin/scans/replay in order, in batches, and removes what the server
 * took. A batch refused as invalid loses exactly the scans named, and the rest go again. A network
 * failure throws (the caller tries later); what was already applied is out of the queue by then,
 * and the server takes a scan sent twice only once (by client_scan_id).
 */
export async function syncQueue(
  store: QueueStore,
  post: (scans: QueuedScan[]) => Promise<ReplayAnswer>,
  batchSize: number = STATION_LIMITS.replayBatch,
): Promise<SyncReport> {
  const report: SyncReport = { sent: 0, changed: [], dropped: [] };
  for (;;) {
    const batch = (await store.list()).slice(0, batchSize);
    if (batch.length === 0) return report;
    const answer = await post(batch);
    if (answer.kind === 'invalid') {
      const named = new Set(answer.issues.map((i) => i.client_scan_id));
      const dropped = batch.filter((s) => named.has(s.client_scan_id));
      // A refusal naming none of the batch would otherwise loop for ever.
      if (dropped.length === 0) throw new Error('The server refused the replay without naming a scan.');
      for (const scan of dropped) {
        const issue = answer.issues.find((i) => i.client_scan_id === scan.client_scan_id);
        report.dropped.push({ scan, message: issue?.message ?? 'Refused by the server' });
      }
      await store.remove(dropped.map((s) => s.client_scan_id));
      continue;
    }
    batch.forEach((scan, i) => {
      const result = answer.results[i];
      if (result && result.outcome !== scan.offline_outcome) report.changed.push({ scan, result });
    });
    report.sent += batch.length;
    await store.remove(batch.map((s) => s.client_scan_id));
  }
}

const OUTCOME_WORDS: Record<ScanOutcome, string> = {
  ok: 'OK',
  already: 'already scanned',
  denied: 'refused',
};

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The sentences a volunteer reads after a sync, or an empty list when everything went as the
 * device said: "2 scans synced as already scanned", "1 scan dropped: <reason>".
 */
export function describeSync(report: SyncReport): string[] {
  const lines: string[] = [];
  const byOutcome = new Map<ScanOutcome, number>();
  for (const { result } of report.changed) {
    byOutcome.set(result.outcome, (byOutcome.get(result.outcome) ?? 0) + 1);
  }
  for (const [outcome, n] of byOutcome) {
    lines.push(`${plural(n, 'scan', 'scans')} synced as ${OUTCOME_WORDS[outcome]}`);
  }
  const byReason = new Map<string, number>();
  for (const { message } of report.dropped) byReason.set(message, (byReason.get(message) ?? 0) + 1);
  for (const [message, n] of byReason) {
    lines.push(`${plural(n, 'scan', 'scans')} dropped: ${message}`);
  }
  return lines;
}

/** "Offline: 23 scans waiting". */
export function waitingLine(count: number, online: boolean): string {
  const waiting = `${plural(count, 'scan', 'scans')} waiting`;
  return online ? `${waiting} to sync` : `Offline: ${waiting}`;
}
