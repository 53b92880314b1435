/**
 * Admissions to capacity: the places per role, the counts of offers and answers, and the projected
 * attendance (the arithmetic is @lanyard/shared/capacity's, so the page and the server agree).
 * Counts are read from the database on every call, so they are exact at any moment.
 */
import { sql } from 'drizzle-orm';
import { APPLICANT_ROLES, type ApplicantRole } from '@lanyard/shared/constants';
import {
  admissionsOf,
  capacitySettingsSchema,
  type Admissions,
  type AdmissionsCounts,
  type UpdateCapacitySettingsBody,
} from '@lanyard/shared/capacity';
import type { Db, DbOrTx } from '../../db/client';
import {
  capacitySettingsOf,
  lockSettings,
  readSettings,
  writeSettings,
  type SettingsRow,
} from '../../db/settings';
import { decisionsReleased } from '../../policies/decisions';
import { audit, type AuditActor } from '../../lib/audit';

export const NO_COUNTS: AdmissionsCounts = {
  offers: 0,
  confirmed: 0,
  declined: 0,
  expired: 0,
  awaiting: 0,
  waitlisted: 0,
  checked_in: 0,
};

/**
 * An offer of `a` that has expired: marked by the expiry job, or past its own deadline (capped by
 * the global one) in the seconds before the job marks it (policies/offers.ts offerExpired).
 */
const expiredSql = sql.raw(`(a.rsvp_expired_at is not null or (a.rsvp_due_at is not null
  and least(a.rsvp_due_at, (select s.rsvp_deadline from settings s limit 1)) < now()))`);

/**
 * Per role: accepted applicants are the offers; their RSVP says confirmed, declined, expired or
 * still awaiting ("maybe" has not answered); waitlisted people who asked to be removed are not
 * counted.
 */
export async function countsByRole(db: DbOrTx): Promise<Map<ApplicantRole, AdmissionsCounts>> {
  const { rows } = await db.execute<{ role: ApplicantRole } & Record<keyof AdmissionsCounts, number>>(sql`
    select a.role,
           count(*) filter (where a.status = 'accepted')::int as offers,
           count(*) filter (where a.status = 'accepted' and a.rsvp_status = 'accepted')::int as confirmed,
           count(*) filter (where a.status = 'accepted' and a.rsvp_status = 'declined')::int as declined,
           count(*) filter (where a.status = 'accepted' and a.rsvp_status is null
                              and ${expiredSql})::int as expired,
           count(*) filter (where a.status = 'accepted' and (a.rsvp_status = 'maybe'
                              or (a.rsvp_status is null and not ${expiredSql})))::int as awaiting,
           count(*) filter (where a.status = 'waitlisted'
                              and a.rsvp_status is distinct from 'declined')::int as waitlisted,
           count(*) filter (where a.status = 'accepted' and a.rsvp_status = 'accepted' and exists (
             select 1 from checkin_records c where c.application_id = a.id and c.checked_in))::int as checked_in
      from applications a
     where a.status in ('accepted', 'waitlisted')
     group by a.role`);
  const out = new Map<ApplicantRole, AdmissionsCounts>();
  for (const r of rows) {
    out.set(r.role, {
      offers: Number(r.offers),
      confirmed: Number(r.confirmed),
      declined: Number(r.declined),
      expired: Number(r.expired),
      awaiting: Number(r.awaiting),
      waitlisted: Number(r.waitlisted),
      checked_in: Number(r.checked_in),
    });
  }
  return out;
}

function admissionsWith(row: SettingsRow, counts: Map<ApplicantRole, AdmissionsCounts>): Admissions {
  const settings = capacitySettingsOf(row);
  return {
    settings,
    roles: APPLICANT_ROLES.map((role) =>
      admissionsOf(role, decisionsReleased(row, role), counts.get(role) ?? NO_COUNTS, settings),
    ),
  };
}

/** GET /api/admin/admissions: the settings and counts read in one snapshot. */
export async function getAdmissions(db: Db): Promise<Admissions> {
  return db.transaction(async (tx) => admissionsWith(await readSettings(tx), await countsByRole(tx)), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/** PUT /api/admin/admissions/settings: the fields given replace the stored ones, audited. */
export async function updateCapacitySettings(
  db: Db,
  actor: AuditActor,
  body: UpdateCapacitySettingsBody,
): Promise<Admissions> {
  await db.transaction(async (tx) => {
    const before = capacitySettingsOf(await lockSettings(tx));
    // A role's fields merge over its current ones: a client that predates a field keeps it as is.
    const after = capacitySettingsSchema.parse({
      ...before,
      ...body,
      hacker: { ...before.hacker, ...body.hacker },
      mentor: { ...before.mentor, ...body.mentor },
    });
    await writeSettings(tx, { capacity: after });
    await audit(tx, actor, {
      action: 'capacity.settings.update',
      targetType: 'settings',
      targetId: '1',
      before,
      after,
    });
  });
  return getAdmissions(db);
}
