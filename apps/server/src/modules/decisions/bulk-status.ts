import { asc, type SQL } from 'drizzle-orm';
import type { ApplicationStatus } from '@lanyard/shared/constants';
import type { Db, Tx } from '../../db/client';
import { applications } from '../../db/schema/index';
import { errors } from '../../errors';
import { auditMany, type AuditActor } from '../../lib/audit';
import type { AppConfig } from '../../config';
import { queueDecisionEmailsIfReleased } from '../email/notify';
import { VOIDED_RSVP, voidsRsvp } from '../../policies/rsvp';
import { rsvpColumns, rsvpRecord } from '../../policies/rsvp-record';
import {
  auditFilterAction,
  checkCount,
  idIn,
  targetWhere,
  type BulkTarget,
} from '../admin-applications/targets';

/**
 * Sets one status for many applications (listed, or all a filter matches) in one transaction; one
 * audit row per change, one more for each RSVP the change voids, and one naming the filter.
 */
export async function setStatuses(
  db: Db,
  actor: AuditActor,
  target: BulkTarget,
  status: ApplicationStatus,
  opts: { requireAll: boolean; config: AppConfig },
): Promise<number> {
  return db.transaction((tx) => setStatusesIn(tx, actor, target, status, opts));
}

/** The applications `where` matches, locked in id order, with what a change of status reads of them. */
export function lockForStatusChange(tx: Tx, where: SQL) {
  return tx
    .select({ id: applications.id, status: applications.status, ...rsvpColumns })
    .from(applications)
    .where(where)
    .orderBy(asc(applications.id))
    .for('update');
}

type LockedApplication = Awaited<ReturnType<typeof lockForStatusChange>>[number];

/**
 * setStatuses inside a transaction the caller holds, for a change that is part of a larger one
 * (promotion, an admission wave): the rows are locked, changed, audited, their RSVPs voided and
 * their e-mails queued exactly as one bulk status change does.
 */
export async function setStatusesIn(
  tx: Tx,
  actor: AuditActor,
  target: BulkTarget,
  status: ApplicationStatus,
  opts: { requireAll: boolean; config: AppConfig },
): Promise<number> {
  const single = opts.requireAll && 'ids' in target && new Set(target.ids).size === 1;
  const current = await lockForStatusChange(tx, await targetWhere(tx, target));
  checkCount(target, current.length);
  if (opts.requireAll && 'ids' in target && current.length !== new Set(target.ids).size) {
    throw errors.notFound('Application not found.');
  }
  if (!current.length) return 0;
  await changeStatuses(tx, actor, current, status, { single, target, config: opts.config });
  return current.length;
}

/**
 * The change itself, of rows the caller locked with lockForStatusChange (deciding by score locks
 * every candidate once, before it ranks them). `target` names the filter in the audit log.
 */
export async function changeStatuses(
  tx: Tx,
  actor: AuditActor,
  current: readonly LockedApplication[],
  status: ApplicationStatus,
  opts: { single?: boolean; target?: BulkTarget; config: AppConfig },
): Promise<void> {
  if (!current.length) return;
  const now = new Date();
  const ids = current.map((c) => c.id);
  await tx
    .update(applications)
    .set({ status, updatedAt: now, decidedAt: status === 'pending' || status === 'submitted' ? null : now })
    .where(idIn(ids));
  // A recorded RSVP answered the old decision: it stops counting with the change (policies/rsvp).
  const voided = current.filter((c) => voidsRsvp(c, status));
  if (voided.length) {
    await tx
      .update(applications)
      .set(VOIDED_RSVP)
      .where(idIn(voided.map((c) => c.id)));
  }
  await auditMany(tx, actor, [
    ...current.map((c) => ({
      action: opts.single ? 'application.status' : 'application.bulk_status',
      targetType: 'application',
      targetId: c.id,
      before: { status: c.status },
      after: { status },
    })),
    ...voided.map((c) => ({
      action: 'rsvp.void',
      targetType: 'application',
      targetId: c.id,
      before: rsvpRecord(c),
      after: { status, rsvp_status: null, reason: 'decision_changed' },
    })),
  ]);
  if (opts.target) await auditFilterAction(tx, actor, opts.target, 'application.bulk_status', { status });
  // Once a role's decisions are out, a new decision is announced right away.
  await queueDecisionEmailsIfReleased(tx, opts.config, ids);
}
