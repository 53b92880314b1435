/** Undo of a station scan: the scanner's "Undo" in its first seconds (policies/stations.ts). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scans, stations } from '../../db/schema/index';
import { AppError, errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import { mayUndoScan } from '../../policies/stations';
import { publishCheckin } from '../checkin/live';
import { undoCheckInWithin } from '../checkin/undo';

export async function undoScan(
  db: Db,
  actor: AuditActor & { id: string; role: string },
  id: string,
): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const [scan] = await tx.select().from(scans).where(eq(scans.id, id)).for('update');
    if (!scan) throw errors.notFound('No such scan.');
    if (scan.undoneAt) return { ok: true as const };
    const verdict = mayUndoScan(scan, actor, new Date());
    if (verdict === 'not_yours')
      throw new AppError(
        403,
        'not_your_scan',
        'Only the volunteer who made this scan, or an admin, can undo it.',
      );
    if (verdict === 'expired' || scan.outcome !== 'ok')
      throw new AppError(409, 'undo_expired', 'This scan can no longer be undone.');
    const [station] = await tx.select().from(stations).where(eq(stations.id, scan.stationId));
    await tx.update(scans).set({ undoneAt: new Date() }).where(eq(scans.id, id));
    if (station!.kind === 'checkin' && scan.recordId) {
      // Checked out again only if this scan's check-in still stands (a desk may have undone it).
      const { rows } = await tx.execute(
        sql`select 1 from checkin_records where id = ${scan.recordId}::uuid and checked_in`,
      );
      if (rows.length) await undoCheckInWithin(tx, actor, scan.recordId);
    }
    await audit(tx, actor, {
      action: 'station.scan_undo',
      targetType: 'checkin_record',
      targetId: scan.recordId,
      before: { scan_id: id, station: station!.name, outcome: 'ok' },
      after: { scan_id: id, undone: true },
    });
    await publishCheckin(tx, {
      type: 'scan',
      record_id: scan.recordId,
      checked_in: null,
      by: actor.email,
      station_id: scan.stationId,
    });
    return { ok: true as const };
  });
}
