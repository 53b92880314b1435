import { asc, inArray } from 'drizzle-orm';
import type { ApplicationStatus } from '@lanyard/shared/constants';
import type { Db } from '../../db/client';
import { applications, auditLog } from '../../db/schema/index';
import { errors } from '../../errors';
import type { AuditActor } from '../../lib/audit';
import type { AppConfig } from '../../config';
import { queueDecisionEmailsIfReleased } from '../email/notify';
import { VOIDED_RSVP, voidsRsvp } from '../../policies/rsvp';
import { rsvpColumns, rsvpRecord } from '../../policies/rsvp-record';

/**
 * Sets one status for many applications in one transaction; one audit row per change, and one more
 * for each RSVP the change voids.
 */
export async function setStatuses(
  db: Db,
  actor: AuditActor,
  ids: string[],
  status: ApplicationStatus,
  opts: { requireAll: boolean; config: AppConfig },
): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const current = await tx
      .select({ id: applications.id, status: applications.status, ...rsvpColumns })
      .from(applications)
      .where(inArray(applications.id, unique))
      .orderBy(asc(applications.id))
      .for('update');
    if (opts.requireAll && current.length !== unique.length) throw errors.notFound('Application not found.');
    if (!current.length) return 0;
    const now = new Date();
    await tx
      .update(applications)
      .set({ status, updatedAt: now, decidedAt: status === 'pending' || status === 'submitted' ? null : now })
      .where(
        inArray(
          applications.id,
          current.map((c) => c.id),
        ),
      );
    // A recorded RSVP answered the old decision: it stops counting with the change (policies/rsvp).
    const voided = current.filter((c) => voidsRsvp(c, status));
    if (voided.length) {
      await tx
        .update(applications)
        .set(VOIDED_RSVP)
        .where(
          inArray(
            applications.id,
            voided.map((c) => c.id),
          ),
        );
    }
    await tx.insert(auditLog).values([
      ...current.map((c) => ({
        actorId: actor.id,
        actorEmail: actor.email,
        ip: actor.ip ?? null,
        action: unique.length > 1 || !opts.requireAll ? 'application.bulk_status' : 'application.status',
        targetType: 'application',
        targetId: c.id,
        before: { status: c.status },
        after: { status },
      })),
      ...voided.map((c) => ({
        actorId: actor.id,
        actorEmail: actor.email,
        ip: actor.ip ?? null,
        action: 'rsvp.void',
        targetType: 'application',
        targetId: c.id,
        before: rsvpRecord(c),
        after: { status, rsvp_status: null, reason: 'decision_changed' },
      })),
    ]);
    // Once a role's decisions are out, a new decision is announced right away.
    await queueDecisionEmailsIfReleased(
      tx,
      opts.config,
      current.map((c) => c.id),
    );
    return current.length;
  });
}
