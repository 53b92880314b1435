/**
 * Offers that expire (policies/offers.ts has the rules): the job that expires offers past their own
 * deadline, and an admin extending one person's deadline or everyone's. The expiry runs on every
 * instance every few seconds; rows are claimed with SKIP LOCKED and written with their e-mail and
 * audit row in one transaction, so each offer expires once and its e-mail goes once, whichever
 * instance gets there and whatever crashes in between.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ExtendOffersBody, ExtendOffersResult } from '@lanyard/shared/capacity';
import type { ApplicantRole } from '@lanyard/shared/constants';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { applications } from '../../db/schema/index';
import { readSettings } from '../../db/settings';
import { errors } from '../../errors';
import { audit, auditMany, type AuditActor } from '../../lib/audit';
import { releasedRoles } from '../../policies/decisions';
import { offerDueAt } from '../../policies/offers';
import { queueOfferExpired } from '../email/notify';

/** Who the audit log names for what Lanyard does by itself (expiry, automatic promotion). */
export const SYSTEM_ACTOR: AuditActor = { id: null, email: 'system' };

const EXPIRE_BATCH = 500;

/** An open offer (accepted, unanswered, not expired) of `a` past its own deadline at `now`. */
function pastDue(now: Date, globalDeadline: Date | null): SQL {
  return sql`${applications.status} = 'accepted' and ${applications.rsvpStatus} is null
    and ${applications.rsvpExpiredAt} is null and ${applications.rsvpDueAt} is not null
    and least(${applications.rsvpDueAt}, ${globalDeadline}::timestamptz) < ${now}`;
}

/** Expires every offer past its deadline in the released roles; answers how many. */
export async function expireOffers(db: Db, config: AppConfig, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const s = await readSettings(tx);
      const roles = releasedRoles(s);
      if (!roles.length) return 0;
      const { rows } = await tx.execute<{
        id: string;
        email: string;
        first_name: string;
        role: ApplicantRole;
        due_at: Date;
      }>(sql`
        select ${applications.id} as id, ${applications.email} as email,
               ${applications.firstName} as first_name, ${applications.role} as role,
               least(${applications.rsvpDueAt}, ${s.rsvpDeadline}::timestamptz) as due_at
          from ${applications}
         where ${pastDue(now, s.rsvpDeadline)}
           and ${applications.role} = any(${sql.param(roles)}::applicant_role[])
         order by ${applications.rsvpDueAt}
         limit ${EXPIRE_BATCH}
           for update skip locked`);
      if (!rows.length) return 0;
      const ids = rows.map((r) => r.id);
      await tx
        .update(applications)
        .set({ rsvpExpiredAt: now, updatedAt: now })
        .where(sql`${applications.id} = any(${sql.param(ids)}::uuid[])`);
      await auditMany(
        tx,
        SYSTEM_ACTOR,
        rows.map((r) => ({
          action: 'rsvp.expired',
          targetType: 'application',
          targetId: r.id,
          before: { rsvp_due_at: new Date(r.due_at).toISOString() },
          after: { rsvp_expired_at: now.toISOString(), reason: 'deadline_passed' },
        })),
      );
      await queueOfferExpired(
        tx,
        config,
        rows.map((r) => ({
          id: r.id,
          email: r.email,
          firstName: r.first_name,
          status: 'accepted',
          dueAt: new Date(r.due_at),
        })),
      );
      return rows.length;
    });
    total += n;
    if (n < EXPIRE_BATCH) return total;
  }
}

/**
 * Moves offers' deadlines. One person: their open or expired offer gets exactly `due_at` (an
 * expired one is open again, and counts as an offer again). Everyone: each open offer (of the role,
 * or all) with a deadline of its own that would end sooner now ends at `due_at`. None is shortened,
 * none expired is reopened, and an offer without a deadline of its own keeps the global one only.
 */
export async function extendOffers(
  db: Db,
  actor: AuditActor,
  body: ExtendOffersBody,
  now = new Date(),
): Promise<ExtendOffersResult> {
  const due = new Date(body.due_at);
  if (due.getTime() <= now.getTime()) {
    throw errors.badRequest('due_at: Choose a time in the future.', 'validation_error');
  }
  return db.transaction(async (tx) => {
    const s = await readSettings(tx);
    if (s.rsvpDeadline && offerDueAt(due, s.rsvpDeadline)!.getTime() < due.getTime()) {
      throw errors.badRequest(
        'due_at: That is after the RSVP deadline. Move the RSVP deadline in Settings first.',
        'validation_error',
      );
    }
    if (body.application_id) {
      const [row] = await tx
        .select({
          status: applications.status,
          rsvpStatus: applications.rsvpStatus,
          rsvpDueAt: applications.rsvpDueAt,
          rsvpExpiredAt: applications.rsvpExpiredAt,
        })
        .from(applications)
        .where(sql`${applications.id} = ${body.application_id}`)
        .for('update');
      if (!row) throw errors.notFound('Application not found.');
      if (row.status !== 'accepted' || row.rsvpStatus !== null) {
        throw errors.conflict(
          'Only an offer still waiting for an answer, or one that expired, can be extended.',
          'not_an_open_offer',
        );
      }
      await tx
        .update(applications)
        .set({ rsvpDueAt: due, rsvpExpiredAt: null, updatedAt: now })
        .where(sql`${applications.id} = ${body.application_id}`);
      await audit(tx, actor, {
        action: 'offer.extend',
        targetType: 'application',
        targetId: body.application_id,
        before: {
          rsvp_due_at: row.rsvpDueAt?.toISOString() ?? null,
          rsvp_expired_at: row.rsvpExpiredAt?.toISOString() ?? null,
        },
        after: { rsvp_due_at: due.toISOString(), rsvp_expired_at: null },
      });
      return { extended: 1, due_at: due.toISOString() };
    }
    const { rows } = await tx.execute<{ id: string }>(sql`
      update ${applications}
         set rsvp_due_at = ${due}, updated_at = ${now}
       where ${applications.status} = 'accepted' and ${applications.rsvpStatus} is null
         and ${applications.rsvpExpiredAt} is null
         and ${applications.rsvpDueAt} < ${due}
         and (${body.role ?? null}::applicant_role is null or ${applications.role} = ${body.role ?? null})
      returning ${applications.id} as id`);
    await audit(tx, actor, {
      action: 'offer.extend_all',
      targetType: 'bulk',
      targetId: body.role ?? 'all',
      after: { role: body.role ?? null, rsvp_due_at: due.toISOString(), extended: rows.length },
    });
    return { extended: rows.length, due_at: due.toISOString() };
  });
}
