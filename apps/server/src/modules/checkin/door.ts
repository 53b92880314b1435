/**
 * The door's rules. The list itself keeps in step with confirmed RSVPs in the database (migration
 * 0009, decision 014): a confirmed attendee has a record linked to their application, made in the
 * same transaction as whatever confirmed them, and loses it, unless already checked in, when they
 * stop being one. Here: what a scan opens, checking in, and the repair an admin can run; undoing a
 * check-in is in undo.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { CheckinRecord } from '@lanyard/shared/checkin';
import type { Db, DbOrTx } from '../../db/client';
import { applications, checkinRecords } from '../../db/schema/index';
import { readSettings } from '../../db/settings';
import { AppError, errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import { mayCheckIn } from '../../policies/checkin';
import { decisionsReleased } from '../../policies/decisions';
import { isConfirmedAttendee, mayHaveQr } from '../../policies/rsvp';
import { publishCheckin, type Publish } from './live';
import { toRecord } from './service';

export const NOT_ATTENDING_MESSAGE =
  'Not a confirmed attendee: their RSVP or decision has changed since this code was sent. Please send them to an organizer.';

const notAttending = () => new AppError(409, 'not_attending', NOT_ATTENDING_MESSAGE);

/**
 * Is the person behind this application a confirmed attendee now? With `lock`, the application row
 * is held (FOR SHARE) until the transaction ends, so a change of decision waits for the check-in
 * rather than crossing it: the door sees either the old decision or the new one, never half.
 */
export async function attendingNow(db: DbOrTx, applicationId: string, lock = false): Promise<boolean> {
  const query = db
    .select({ status: applications.status, rsvpStatus: applications.rsvpStatus })
    .from(applications)
    .where(eq(applications.id, applicationId));
  const [row] = lock ? await query.for('share') : await query;
  return row !== undefined && isConfirmedAttendee(row);
}

/**
 * The record a scanned code opens: only for someone who is a confirmed attendee now. A record kept
 * from before (checked in, then their decision changed; an old import) never lets a code in.
 */
export async function recordForScan(db: Db, applicationId: string): Promise<CheckinRecord> {
  if (!(await attendingNow(db, applicationId))) throw notAttending();
  const [row] = await db.select().from(checkinRecords).where(eq(checkinRecords.applicationId, applicationId));
  if (!row) {
    // Only when the database's sync was bypassed (its triggers disabled during a restore, say).
    throw errors.notFound(
      'No check-in record for this person. An admin can run "Import from RSVPs" to repair the list.',
      'no_record',
    );
  }
  return toRecord(row);
}

/** The application whose door QR code the applicant may see, if they may see one yet. */
export async function doorCodeApplicationId(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({
      id: applications.id,
      role: applications.role,
      status: applications.status,
      rsvp: applications.rsvpStatus,
    })
    .from(applications)
    .where(eq(applications.userId, userId));
  const s = await readSettings(db);
  if (!row || !mayHaveQr({ status: row.status, rsvpStatus: row.rsvp }, decisionsReleased(s, row.role))) {
    return undefined;
  }
  return row.id;
}

/**
 * Check a person in at the door (PUT /records/:id/checkin with checked_in: true); the undo is in
 * undo.ts. The update only matches a record not yet checked in, so when two desks check in the same
 * person at once exactly one wins; the other is told who did it and when, with the record as it is
 * now. A record linked to someone no longer confirmed checks nobody in.
 */
export async function checkIn(db: Db, actor: AuditActor, id: string): Promise<CheckinRecord> {
  return db.transaction((tx) => checkInWithin(tx, actor, id));
}

/**
 * checkIn inside the caller's transaction (a station scan checks in and records its scan in one).
 * `publish` is how the change is told to the desks (by default NOTIFY in this transaction).
 */
export async function checkInWithin(
  tx: DbOrTx,
  actor: AuditActor,
  id: string,
  publish?: Publish,
): Promise<CheckinRecord> {
  const { link, attending } = await lockedLink(tx, id);
  const now = new Date();
  const [row] = !mayCheckIn(link, attending)
    ? []
    : await tx
        .update(checkinRecords)
        .set({ checkedIn: true, checkedInAt: now, checkedInByEmail: actor.email, updatedAt: now })
        .where(and(eq(checkinRecords.id, id), eq(checkinRecords.checkedIn, false)))
        .returning();
  if (!row) {
    const [current] = await tx.select().from(checkinRecords).where(eq(checkinRecords.id, id));
    if (!current) throw errors.notFound('Check-in record not found.');
    if (current.checkedIn) {
      const when = current.checkedInAt?.toISOString() ?? 'earlier';
      throw new AppError(
        409,
        'already_checked_in',
        `Already checked in by ${current.checkedInByEmail ?? 'another desk'} at ${when}.`,
        {},
        { record: toRecord(current) },
      );
    }
    throw notAttending();
  }
  await announceCheckedIn(tx, actor, id, true, now, publish);
  return toRecord(row);
}

/**
 * The record's link to an application, and whether that person is a confirmed attendee now, with
 * the application row held until the transaction ends (see attendingNow).
 */
export async function lockedLink(
  tx: DbOrTx,
  id: string,
): Promise<{ link: { applicationId: string | null }; attending: boolean }> {
  const [link] = await tx
    .select({ applicationId: checkinRecords.applicationId })
    .from(checkinRecords)
    .where(eq(checkinRecords.id, id));
  if (!link) throw errors.notFound('Check-in record not found.');
  const attending = link.applicationId !== null && (await attendingNow(tx, link.applicationId, true));
  return { link, attending };
}

/** Records a check-in or its undo in the audit log and tells every desk. */
export async function announceCheckedIn(
  tx: DbOrTx,
  actor: AuditActor,
  id: string,
  checkedIn: boolean,
  now: Date,
  publish: Publish = (event) => publishCheckin(tx, event),
): Promise<void> {
  await audit(tx, actor, {
    action: checkedIn ? 'checkin.check_in' : 'checkin.undo',
    targetType: 'checkin_record',
    targetId: id,
    before: { checked_in: !checkedIn },
    after: { checked_in: checkedIn, at: now.toISOString() },
  });
  await publish({ type: 'updated', record_id: id, checked_in: checkedIn, by: actor.email });
}

/**
 * "Import from RSVPs": no longer a step before the doors open, since the list keeps itself in step.
 * It repairs: a record for every confirmed attendee without one, their details copied again from
 * the application (over desk edits), and records of people no longer confirmed removed (never one
 * already checked in). Records made by CSV or at the desk are never touched.
 */
export async function importFromRsvps(db: Db, actor: AuditActor) {
  return db.transaction(async (tx) => {
    const res = await tx.execute<{ created: number; updated: number; removed: number }>(
      sql`select created, updated, removed from lanyard_checkin_resync()`,
    );
    const { created, updated, removed } = res.rows[0]!;
    await audit(tx, actor, {
      action: 'checkin.import_rsvps',
      targetType: 'checkin_record',
      after: { created, updated, removed },
    });
    await publishCheckin(tx, { type: 'reloaded', record_id: null, checked_in: null, by: actor.email });
    return { created, updated, removed };
  });
}
