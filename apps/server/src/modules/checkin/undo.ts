import type { CheckinRecord } from '@lanyard/shared/checkin';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { checkinRecords } from '../../db/schema/index';
import { AppError, errors } from '../../errors';
import type { AuditActor } from '../../lib/audit';
import { undoRemovesRecord } from '../../policies/checkin';
import { announceCheckedIn, lockedLink } from './door';
import { toRecord } from './service';

/**
 * Undo a check-in (PUT /records/:id/checkin with checked_in: false): a mistaken scan, or someone
 * who left before it began. Only a checked-in record changes, so two desks undoing at once change
 * it once. A record linked to someone no longer confirmed then leaves the list, as if they had
 * never come.
 */
export async function undoCheckIn(db: Db, actor: AuditActor, id: string): Promise<CheckinRecord> {
  return db.transaction((tx) => undoCheckInWithin(tx, actor, id));
}

/** undoCheckIn inside the caller's transaction (undoing a station's check-in scan). */
export async function undoCheckInWithin(tx: DbOrTx, actor: AuditActor, id: string): Promise<CheckinRecord> {
  const { link, attending } = await lockedLink(tx, id);
  const now = new Date();
  const [row] = await tx
    .update(checkinRecords)
    .set({ checkedIn: false, checkedInAt: null, checkedInByEmail: null, updatedAt: now })
    .where(and(eq(checkinRecords.id, id), eq(checkinRecords.checkedIn, true)))
    .returning();
  if (!row) {
    const [current] = await tx.select().from(checkinRecords).where(eq(checkinRecords.id, id));
    if (!current) throw errors.notFound('Check-in record not found.');
    throw new AppError(409, 'not_checked_in', 'This person is not checked in.');
  }
  await announceCheckedIn(tx, actor, id, false, now);
  if (undoRemovesRecord(link, attending)) {
    await tx.execute(sql`select lanyard_checkin_remove(${link.applicationId}::uuid)`);
  }
  return toRecord(row);
}
