/**
 * The organisers' retention periods (issue 21): read by the daily job, the preview on the settings
 * page and the privacy page's built-in text, so the three can never disagree.
 */
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_RETENTION_SETTINGS, type RetentionSettings } from '@lanyard/shared/retention';
import type { Db, DbOrTx } from '../../db/client';
import { retentionSettings } from '../../db/schema/index';
import { audit, type AuditActor } from '../../lib/audit';

const ONE = eq(retentionSettings.id, 1);

/** The settings; a missing row (a hand-emptied table) reads as the defaults. */
export async function readRetention(db: DbOrTx): Promise<RetentionSettings> {
  const [row] = await db.select().from(retentionSettings).where(ONE);
  if (!row) return { ...DEFAULT_RETENTION_SETTINGS };
  return {
    resume_days: row.resumeDays,
    non_attendee_days: row.nonAttendeeDays,
    unverified_days: row.unverifiedDays,
  };
}

/** Whether an organiser has saved the periods: until then the job deletes nothing (decision 023). */
export async function retentionConfirmed(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ at: retentionSettings.confirmedAt }).from(retentionSettings).where(ONE);
  return Boolean(row?.at);
}

/** Saves the settings (validated by the route's shared schema) with an audit row of before and after. */
export async function writeRetention(
  db: Db,
  actor: AuditActor,
  next: RetentionSettings,
): Promise<RetentionSettings> {
  return db.transaction(async (tx) => {
    // The row lock orders two admins saving at once, so each audit row's `before` is true.
    await tx.execute(sql`select 1 from ${retentionSettings} where ${ONE} for update`);
    const before = await readRetention(tx);
    const values = {
      resumeDays: next.resume_days,
      nonAttendeeDays: next.non_attendee_days,
      unverifiedDays: next.unverified_days,
      updatedAt: new Date(),
    };
    await tx
      .insert(retentionSettings)
      .values({ id: 1, ...values, confirmedAt: new Date() })
      .onConflictDoUpdate({
        target: retentionSettings.id,
        set: { ...values, confirmedAt: sql`coalesce(${retentionSettings.confirmedAt}, now())` },
      });
    await audit(tx, actor, {
      action: 'settings.retention',
      targetType: 'settings',
      targetId: 'retention',
      before,
      after: next,
    });
    return next;
  });
}
