import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  RSVP_CLOSED_MESSAGE,
  RSVP_DEADLINE_MESSAGE,
  rsvpRules,
  rsvpSubmissionObject,
  storedPronoun,
  type AdminRsvpFilters,
  type RsvpRow,
  type RsvpSubmission,
} from '@lanyard/shared/rsvp';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { applications, checkinRecords } from '../../db/schema/index';
import { readSettings } from '../../db/settings';
import { AppError, errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import { containsPattern } from '../../db/search';
import { toMyApplication } from '../applications/service';
import { decisionsReleased } from '../../policies/decisions';
import { queueRsvpRecorded } from '../email/notify';
import { makeQrToken } from '../checkin/qr';
import { answersRsvp, isConfirmedAttendee, mayWithdraw, VOIDED_RSVP } from '../../policies/rsvp';
import { OFFER_EXPIRED_MESSAGE, offerExpired, offerView } from '../../policies/offers';
import type { RsvpStatus } from '@lanyard/shared/constants';
import { rsvpRecord } from '../../policies/rsvp-record';
import type { adminRsvpBodySchema } from '@lanyard/shared/rsvp';

type Row = typeof applications.$inferSelect;

/**
 * Records an applicant's RSVP once. Every rule the form shows is checked here too: decisions
 * released for the role, an accepted or waitlisted application, RSVPs open, the deadline not
 * passed, no answer yet, and the attendance details for accepted applicants.
 */
export async function submitRsvp(db: Db, config: AppConfig, userId: string, raw: unknown, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(applications).where(eq(applications.userId, userId)).for('update');
    if (!row) throw errors.notFound('You have no application to respond to.', 'no_application');
    const s = await readSettings(tx);
    if (!decisionsReleased(s, row.role) || !answersRsvp(row.status)) {
      throw errors.forbidden('There is no decision to respond to yet.', 'rsvp_not_available');
    }
    if (!s.rsvpOpen) throw new AppError(403, 'rsvp_closed', RSVP_CLOSED_MESSAGE);
    if (s.rsvpDeadline && now.getTime() > s.rsvpDeadline.getTime()) {
      throw new AppError(403, 'rsvp_deadline_passed', RSVP_DEADLINE_MESSAGE);
    }
    if (offerExpired(row, s.rsvpDeadline, now)) {
      throw new AppError(403, 'offer_expired', OFFER_EXPIRED_MESSAGE);
    }
    if (row.rsvpStatus !== null) {
      throw errors.conflict(
        'Your RSVP is already recorded. Please e-mail the organizers to change it.',
        'rsvp_recorded',
      );
    }
    const parsed = rsvpSubmissionObject.superRefine((v, ctx) => rsvpRules(v, ctx, row.status)).safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw errors.badRequest(`${issue.path.join('.') || 'body'}: ${issue.message}`, 'validation_error');
    }
    const v: RsvpSubmission = parsed.data;
    const attending = isConfirmedAttendee({ status: row.status, rsvpStatus: v.response });
    const [updated] = await tx
      .update(applications)
      .set({
        rsvpStatus: v.response,
        rsvpAt: now,
        preferredName: attending ? v.preferredName : null,
        schoolName: attending ? v.schoolName : null,
        pronoun: attending ? storedPronoun(v) : null,
        linkedinUrl: attending ? v.linkedinUrl || null : null,
        githubUrl: attending ? v.githubUrl || null : null,
        liabilityWaiverAccepted: attending ? v.liabilityWaiverAccepted : null,
        photoClearanceAccepted: attending ? v.photoClearanceAccepted : null,
        photoSharingOptOut: attending ? v.photoSharingOptOut : null,
        updatedAt: now,
      })
      .where(eq(applications.id, row.id))
      .returning();
    await queueRsvpRecorded(
      tx,
      config,
      { id: row.id, email: row.email, firstName: row.firstName, status: row.status },
      attending ? makeQrToken(config.sessionSecret, config.event, row.id) : undefined,
    );
    return toMyApplication(tx, updated!, s);
  });
}

/**
 * "I can no longer attend": a confirmed attendee releases their place (decision 015). Recorded as a
 * decline of the acceptance, final like one, with the attendance details cleared; the row lock makes
 * a double tap release once.
 */
export async function withdrawAttendance(db: Db, config: AppConfig, actor: AuditActor, userId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(applications).where(eq(applications.userId, userId)).for('update');
    if (!row) throw errors.notFound('You have no application.', 'no_application');
    const s = await readSettings(tx);
    const [door] = await tx
      .select({ checkedIn: checkinRecords.checkedIn })
      .from(checkinRecords)
      .where(eq(checkinRecords.applicationId, row.id));
    const checkedIn = door?.checkedIn === true;
    const facts = { status: row.status, rsvpStatus: row.rsvpStatus };
    if (!mayWithdraw(facts, decisionsReleased(s, row.role), checkedIn)) {
      throw checkedIn
        ? errors.conflict(
            "You've already checked in at the event. Please talk to an organizer at the venue.",
            'already_checked_in',
          )
        : errors.conflict('You have no confirmed place to release.', 'not_attending');
    }
    const now = new Date();
    const [updated] = await tx
      .update(applications)
      .set({ ...VOIDED_RSVP, rsvpStatus: 'declined', rsvpAt: now, updatedAt: now })
      .where(eq(applications.id, row.id))
      .returning();
    await audit(tx, actor, {
      action: 'rsvp.withdrawn',
      targetType: 'application',
      targetId: row.id,
      before: toRsvpRow(row),
      after: toRsvpRow(updated!),
    });
    await queueRsvpRecorded(tx, config, {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      status: row.status,
    });
    return toMyApplication(tx, updated!, s);
  });
}

export function rsvpFilters(f: Partial<AdminRsvpFilters>): SQL | undefined {
  const where: (SQL | undefined)[] = [
    inArray(applications.status, f.status?.length ? f.status : ['accepted', 'waitlisted', 'rejected']),
  ];
  if (f.search) {
    where.push(
      sql`(${applications.firstName} || ' ' || ${applications.lastName} || ' ' || ${applications.email}) ilike ${containsPattern(f.search)}`,
    );
  }
  if (f.role?.length) where.push(inArray(applications.role, f.role));
  if (f.rsvp_status?.length) {
    const given = f.rsvp_status.filter((s) => s !== 'no_response' && s !== 'expired') as RsvpStatus[];
    where.push(
      or(
        given.length ? inArray(applications.rsvpStatus, given) : undefined,
        f.rsvp_status.includes('no_response')
          ? and(isNull(applications.rsvpStatus), isNull(applications.rsvpExpiredAt))
          : undefined,
        f.rsvp_status.includes('expired')
          ? and(isNull(applications.rsvpStatus), isNotNull(applications.rsvpExpiredAt))
          : undefined,
      ),
    );
  }
  if (f.liability?.length) {
    where.push(
      or(
        f.liability.includes('accepted') ? eq(applications.liabilityWaiverAccepted, true) : undefined,
        f.liability.includes('declined') ? eq(applications.liabilityWaiverAccepted, false) : undefined,
        f.liability.includes('n/a') ? isNull(applications.liabilityWaiverAccepted) : undefined,
      ),
    );
  }
  if (f.photo?.length) {
    where.push(
      or(
        f.photo.includes('allow_sharing')
          ? and(eq(applications.photoClearanceAccepted, true), eq(applications.photoSharingOptOut, false))
          : undefined,
        f.photo.includes('no_public_sharing') ? eq(applications.photoSharingOptOut, true) : undefined,
        f.photo.includes('declined')
          ? and(eq(applications.photoClearanceAccepted, false), eq(applications.photoSharingOptOut, false))
          : undefined,
        f.photo.includes('n/a')
          ? and(isNull(applications.photoClearanceAccepted), isNull(applications.photoSharingOptOut))
          : undefined,
      ),
    );
  }
  if (f.checkin?.length) {
    const checkedIn = sql`exists (select 1 from ${checkinRecords} c
      where c.application_id = ${applications.id} and c.checked_in)`;
    where.push(
      or(
        f.checkin.includes('checked_in') ? checkedIn : undefined,
        f.checkin.includes('not_checked_in') ? sql`not ${checkedIn}` : undefined,
      ),
    );
  }
  return and(...where);
}

/**
 * One row of the admin RSVP list. With the global deadline and the time, an offer past its own
 * deadline reads "expired" even in the seconds before the expiry job marks it.
 */
export function toRsvpRow(r: Row, at?: { deadline: Date | null; now: Date }): RsvpRow {
  return {
    _id: r.id,
    name: `${r.firstName} ${r.lastName}`,
    email: r.email,
    role: r.role,
    ...rsvpRecord(r),
    ...(at ? { offer: offerView(r, at.deadline, at.now) } : {}),
  };
}

export async function listRsvps(db: Db, f: AdminRsvpFilters) {
  const where = rsvpFilters(f);
  const [rows, [stats], s] = await Promise.all([
    db
      .select()
      .from(applications)
      .where(where)
      .orderBy(asc(applications.lastName), asc(applications.firstName), desc(applications.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    db
      .select({
        total: count(),
        accepted: sql<number>`count(*) filter (where ${applications.rsvpStatus} = 'accepted')::int`,
        declined: sql<number>`count(*) filter (where ${applications.rsvpStatus} = 'declined')::int`,
        maybe: sql<number>`count(*) filter (where ${applications.rsvpStatus} = 'maybe')::int`,
        none: sql<number>`count(*) filter (where ${applications.rsvpStatus} is null and ${applications.rsvpExpiredAt} is null)::int`,
        expired: sql<number>`count(*) filter (where ${applications.rsvpStatus} is null and ${applications.rsvpExpiredAt} is not null)::int`,
      })
      .from(applications)
      .where(where),
    readSettings(db),
  ]);
  const total = stats?.total ?? 0;
  const at = { deadline: s.rsvpDeadline, now: new Date() };
  return {
    applications: rows.map((r) => toRsvpRow(r, at)),
    rsvp_stats: {
      total_rsvp: (stats?.accepted ?? 0) + (stats?.declined ?? 0) + (stats?.maybe ?? 0),
      accepted: stats?.accepted ?? 0,
      declined: stats?.declined ?? 0,
      maybe: stats?.maybe ?? 0,
      no_response: stats?.none ?? 0,
      // Only where offers expired: without expiring offers the statistics are exactly as before.
      ...(stats?.expired ? { expired: stats.expired } : {}),
    },
    total,
    page: f.page,
    pages: Math.max(1, Math.ceil(total / f.limit)),
  };
}

/** An admin sets or corrects an RSVP; the attendance details are kept only for "accepted". */
export async function adminUpdateRsvp(
  db: Db,
  actor: AuditActor,
  id: string,
  body: z.infer<typeof adminRsvpBodySchema>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for('update');
    if (!row) throw errors.notFound('Application not found.');
    const keep = body.rsvp_status === 'accepted';
    const pick = <T>(v: T | undefined, current: T | null): T | null =>
      keep ? (v === undefined ? current : v) : null;
    // An empty link clears it; a link not sent is kept like every other detail.
    const link = (v: string | null | undefined) => (v === undefined ? undefined : v || null);
    const [updated] = await tx
      .update(applications)
      .set({
        rsvpStatus: body.rsvp_status,
        rsvpAt: body.rsvp_status === null ? null : (row.rsvpAt ?? new Date()),
        // An admin's answer, or clearing it, replaces an expiry (a cleared offer has the global deadline only).
        ...(row.rsvpExpiredAt ? { rsvpDueAt: null, rsvpExpiredAt: null } : {}),
        preferredName: pick(body.preferred_name, row.preferredName),
        schoolName: pick(body.school_name, row.schoolName),
        pronoun: pick(body.pronoun, row.pronoun),
        linkedinUrl: pick(link(body.linkedin_url), row.linkedinUrl),
        githubUrl: pick(link(body.github_url), row.githubUrl),
        liabilityWaiverAccepted: pick(body.liability_waiver_accepted, row.liabilityWaiverAccepted),
        photoClearanceAccepted: pick(body.photo_clearance_accepted, row.photoClearanceAccepted),
        photoSharingOptOut: pick(body.photo_sharing_opt_out, row.photoSharingOptOut),
        updatedAt: new Date(),
      })
      .where(eq(applications.id, id))
      .returning();
    await audit(tx, actor, {
      action: 'rsvp.update',
      targetType: 'application',
      targetId: id,
      before: toRsvpRow(row),
      after: toRsvpRow(updated!),
    });
    return toRsvpRow(updated!);
  });
}
