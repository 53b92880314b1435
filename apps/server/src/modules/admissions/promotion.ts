/**
 * Automatic waitlist promotion. A place freed (a decline, an expired offer, a deletion, an admin
 * moving an accepted applicant) is written to admission_events by a trigger, in the transaction
 * that frees it. The promoter takes a role's events under a per-role advisory lock and, in that same
 * transaction, promotes from the head of the waitlist (waves.ts's order) as many as bring projected
 * attendance back up to the places, then deletes the events. So:
 * - two declines on two instances promote once each: the second promoter waits for the lock and
 *   then counts the first one's promotions;
 * - a crash before the commit leaves the events for the next run, and nothing was sent (the
 *   decision e-mails are queued in the outbox in the same transaction);
 * - paused, the events wait; switched off or not released, they are dropped (nothing to refill).
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { admissionsOf } from '@lanyard/shared/capacity';
import type { ApplicantRole } from '@lanyard/shared/constants';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { admissionEvents, applications } from '../../db/schema/index';
import { capacitySettingsOf, readSettings } from '../../db/settings';
import { auditMany } from '../../lib/audit';
import { decisionsReleased } from '../../policies/decisions';
import { setStatusesIn } from '../decisions/bulk-status';
import { SYSTEM_ACTOR } from './offers';
import { countsByRole, NO_COUNTS } from './service';
import { onWaitlist, waitlistHead } from './waves';

/** pg_advisory_xact_lock(key, role): one promoter per role at a time, across instances. */
const PROMOTION_LOCK_KEY = 17_017;
const ROLE_LOCK: Record<ApplicantRole, number> = { hacker: 1, mentor: 2 };
/** Events taken per run; a run that finds more runs again. */
const EVENTS_PER_RUN = 5000;

export type PromotionOutcome =
  | { state: 'idle' }
  | { state: 'paused'; waiting: number }
  | { state: 'dropped'; events: number }
  | { state: 'done'; events: number; promoted: string[]; more: boolean };

type FreedEvent = typeof admissionEvents.$inferSelect;

/** The audit log's reason for a promotion: which place, freed how. */
function reasonOf(e: FreedEvent) {
  return {
    freed_by: e.kind,
    application_id: e.applicationId,
    freed_at: e.createdAt.toISOString(),
    event_id: e.id,
  };
}

/** One promoter run for one role (see the module comment). */
export async function promoteFreedPlaces(
  db: Db,
  config: AppConfig,
  role: ApplicantRole,
): Promise<PromotionOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PROMOTION_LOCK_KEY}, ${ROLE_LOCK[role]})`);
    const events = await tx
      .select()
      .from(admissionEvents)
      .where(eq(admissionEvents.role, role))
      .orderBy(asc(admissionEvents.id))
      .limit(EVENTS_PER_RUN);
    if (!events.length) return { state: 'idle' } as const;
    const settingsRow = await readSettings(tx);
    const capacity = capacitySettingsOf(settingsRow);
    const own = capacity[role];
    const on = own.auto_promote && own.places !== null && decisionsReleased(settingsRow, role);
    if (on && capacity.promotion_paused) return { state: 'paused', waiting: events.length } as const;
    const consume = () =>
      tx
        .delete(admissionEvents)
        .where(and(eq(admissionEvents.role, role), lte(admissionEvents.id, events.at(-1)!.id)));
    if (!on) {
      await consume();
      return { state: 'dropped', events: events.length } as const;
    }
    const counts = (await countsByRole(tx)).get(role) ?? NO_COUNTS;
    const needed = admissionsOf(role, true, counts, capacity).suggested_offers ?? 0;
    let promoted: string[] = [];
    if (needed > 0) {
      const { head } = await waitlistHead(tx, role, needed);
      // Locked and checked again: an admin may have moved one of them since the head was read.
      const { rows } = await tx.execute<{ id: string }>(sql`
        select ${applications.id} as id from ${applications}
         where ${applications.id} = any(${sql.param(head.map((h) => h.id))}::uuid[])
           and ${onWaitlist(role, false)}
         order by ${applications.id}
           for update`);
      const still = new Set(rows.map((r) => r.id));
      promoted = head.map((h) => h.id).filter((id) => still.has(id));
    }
    if (promoted.length) {
      await setStatusesIn(tx, SYSTEM_ACTOR, { ids: promoted }, 'accepted', { requireAll: false, config });
      await auditMany(
        tx,
        SYSTEM_ACTOR,
        promoted.map((id, i) => ({
          action: 'admissions.auto_promote',
          targetType: 'application',
          targetId: id,
          before: { status: 'waitlisted' },
          after: { status: 'accepted', reason: reasonOf(events[Math.min(i, events.length - 1)]!) },
        })),
      );
    }
    await consume();
    return { state: 'done', events: events.length, promoted, more: events.length === EVENTS_PER_RUN };
  });
}
