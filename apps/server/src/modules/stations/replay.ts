/**
 * Scans made offline, sent when the network returns: every one checked before any is applied (a
 * clear 400 naming each bad one), then applied in the order they were made, at the times they were
 * made, each in its own transaction. A device's scan already stored answers as before: a queue sent
 * twice applies nothing twice.
 */
import { inArray } from 'drizzle-orm';
import type { EventConfig } from '@lanyard/shared/event';
import type { ReplayBody, ScanResult } from '@lanyard/shared/stations';
import type { Db } from '../../db/client';
import { stations } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { AuditActor } from '../../lib/audit';
import { replayedTimeProblem } from '../../policies/stations';
import { readQrToken } from '../checkin/qr';
import { scanOnce } from './run';
import { resultOf } from './scan';
import type { StationRow } from './store';

export async function replayScans(
  db: Db,
  actor: AuditActor,
  config: { secret: string; event: EventConfig },
  body: ReplayBody,
): Promise<ScanResult[]> {
  const now = new Date();
  const ids = [...new Set(body.scans.map((s) => s.station_id))];
  const rows = await db.select().from(stations).where(inArray(stations.id, ids));
  const byId = new Map<string, StationRow>(rows.map((r) => [r.id, r]));
  const seen = new Set<string>();
  const issues: { index: number; client_scan_id: string; message: string }[] = [];
  body.scans.forEach((scan, index) => {
    const station = byId.get(scan.station_id);
    const problem = !station
      ? 'unknown station'
      : station.archivedAt
        ? 'the station is archived'
        : seen.has(scan.client_scan_id)
          ? 'client_scan_id appears twice in the batch'
          : replayedTimeProblem(new Date(scan.scanned_at), now);
    seen.add(scan.client_scan_id);
    if (problem)
      issues.push({ index, client_scan_id: scan.client_scan_id, message: `scans[${index}]: ${problem}` });
  });
  if (issues.length) {
    throw new AppError(400, 'invalid_batch', issues[0]!.message, {}, { issues });
  }
  // In the order they were made (a stable sort keeps a device's own order for equal times).
  const ordered = body.scans
    .map((scan, index) => ({ scan, index }))
    .sort((a, b) => Date.parse(a.scan.scanned_at) - Date.parse(b.scan.scanned_at) || a.index - b.index);
  const results: ScanResult[] = new Array<ScanResult>(body.scans.length);
  for (const { scan, index } of ordered) {
    const applicationId = readQrToken(config.secret, config.event, scan.token);
    results[index] = applicationId
      ? await scanOnce(db, actor, config.event, {
          stationId: scan.station_id,
          target: { applicationId },
          at: new Date(scan.scanned_at),
          source: 'replayed',
          deviceId: body.device_id,
          clientScanId: scan.client_scan_id,
          confirm: true,
        })
      : resultOf(
          byId.get(scan.station_id)!,
          null,
          { outcome: 'denied', reason: 'invalid_code', previous: null },
          undefined,
          config.event.startDate,
          scan.client_scan_id,
        );
  }
  return results;
}
