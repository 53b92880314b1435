/**
 * Waves: an admin promotes the next N from a role's waitlist by hand, after a preview. The order is
 * the waitlist's one home (automatic promotion will take from the same head): the best review score
 * first where scores exist, then the earliest submission; flagged applications and people who asked
 * to be removed from the waitlist are never promoted.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ApplicantRole } from '@lanyard/shared/constants';
import {
  admissionsOf,
  attendeesFromOffers,
  type PromoteApplyBody,
  type PromoteBody,
  type PromotePreview,
} from '@lanyard/shared/capacity';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { readScoreRules, reviewScores } from '../../db/review-scores';
import { applications } from '../../db/schema/index';
import { capacitySettingsOf, readSettings, readSettingsCached, type SettingsCache } from '../../db/settings';
import { errors } from '../../errors';
import { audit, type AuditActor } from '../../lib/audit';
import { decisionsReleased } from '../../policies/decisions';
import { setStatusesIn } from '../decisions/bulk-status';
import { countsByRole, NO_COUNTS } from './service';

interface Waiting {
  id: string;
  name: string;
  score: number | null;
}

/** Waitlisted applicants of the role who may be promoted: not flagged, not asking to be removed. */
export function onWaitlist(role: ApplicantRole | SQL, flagged: boolean) {
  return sql`${applications.role} = ${role} and ${applications.status} = 'waitlisted'
    and ${applications.rsvpStatus} is distinct from 'declined'
    and ${applications.reviewFlagged} = ${flagged}`;
}

/** The waitlist's order: best score first where scores exist, then the earliest submission. */
const WAITLIST_ORDER = sql`s.score desc nulls last, ${applications.submittedAt} asc nulls last, ${applications.id} asc`;

/** The first `count` of the role's waitlist, in promotion order, and how many wait in all. */
export async function waitlistHead(
  db: DbOrTx,
  role: ApplicantRole,
  count: number,
): Promise<{ head: Waiting[]; waitlisted: number; flagged: number }> {
  const rules = await readScoreRules(db, { exact: true });
  const { rows } = await db.execute<{
    id: string;
    first_name: string;
    last_name: string;
    score: number | null;
  }>(sql`
    select ${applications.id} as id, ${applications.firstName} as first_name,
           ${applications.lastName} as last_name, s.score
      from ${applications}
      left join ${reviewScores(rules)} s on s.application_id = ${applications.id}
     where ${onWaitlist(role, false)}
     order by ${WAITLIST_ORDER}
     limit ${count}`);
  const { rows: totals } = await db.execute<{ waitlisted: number; flagged: number }>(sql`
    select count(*) filter (where not ${applications.reviewFlagged})::int as waitlisted,
           count(*) filter (where ${applications.reviewFlagged})::int as flagged
      from ${applications}
     where ${applications.role} = ${role} and ${applications.status} = 'waitlisted'
       and ${applications.rsvpStatus} is distinct from 'declined'`);
  return {
    head: rows.map((r) => ({
      id: r.id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      score: r.score == null ? null : Number(r.score),
    })),
    waitlisted: Number(totals[0]?.waitlisted ?? 0),
    flagged: Number(totals[0]?.flagged ?? 0),
  };
}

/**
 * An applicant's place on their role's waitlist (1 is next), when the organisers show it: only to a
 * waitlisted applicant who can see that decision (released) and who could be promoted. Read from
 * the kept score snapshot, which may trail the reviews by seconds: a place, not a promise.
 */
export async function waitlistPositionOf(
  db: Db,
  userId: string,
  cache?: SettingsCache,
): Promise<number | null> {
  // Every waitlisted dashboard asks once a minute: the settings come from this instance's read cache.
  const settingsRow = (await readSettingsCached(db, cache)).row;
  if (!capacitySettingsOf(settingsRow).show_waitlist_position) return null;
  const [mine] = await db
    .select({ id: applications.id, role: applications.role })
    .from(applications)
    .where(sql`${applications.userId} = ${userId} and ${onWaitlist(sql`${applications.role}`, false)}`);
  if (!mine || !decisionsReleased(settingsRow, mine.role)) return null;
  const rules = await readScoreRules(db);
  const { rows } = await db.execute<{ position: number }>(sql`
    select position from (
      select ${applications.id} as id, row_number() over (order by ${WAITLIST_ORDER})::int as position
        from ${applications}
        left join ${reviewScores(rules)} s on s.application_id = ${applications.id}
       where ${onWaitlist(mine.role, false)}
    ) ranked
     where ranked.id = ${mine.id}`);
  return rows[0] ? Number(rows[0].position) : null;
}

const SAMPLE = 3;

async function describeWave(
  db: DbOrTx,
  body: PromoteBody,
): Promise<{ preview: PromotePreview; ids: string[] }> {
  const settingsRow = await readSettings(db);
  const counts = (await countsByRole(db)).get(body.role) ?? NO_COUNTS;
  const now = admissionsOf(
    body.role,
    decisionsReleased(settingsRow, body.role),
    counts,
    capacitySettingsOf(settingsRow),
  );
  const { head, waitlisted, flagged } = await waitlistHead(db, body.role, body.count);
  const person = (w: Waiting) => ({ id: w.id, name: w.name, score: w.score });
  const more = attendeesFromOffers(head.length, now.attend.used_percent, now.yes.used_percent);
  return {
    ids: head.map((w) => w.id),
    preview: {
      role: body.role,
      waitlisted,
      excluded_flagged: flagged,
      count: head.length,
      first: head.slice(0, SAMPLE).map(person),
      last: head.slice(Math.max(SAMPLE, head.length - SAMPLE)).map(person),
      expected_attendance_before: now.expected_attendance,
      expected_attendance_after: Math.round((now.expected_attendance + more) * 10) / 10,
    },
  };
}

/** What promoting the next N would do now. */
export async function previewPromotion(db: Db, body: PromoteBody): Promise<PromotePreview> {
  return db.transaction(async (tx) => (await describeWave(tx, body)).preview, {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/**
 * Promotes the next N, all or nothing: the role's waitlist is locked (in id order, as bulk status
 * locks), the head worked out again under the lock, and the number promoted must be the one the
 * admin typed. The change goes through bulk status: audited per application, hidden until the
 * role's decisions are released, e-mailed at once when they are.
 */
export async function promote(
  db: Db,
  actor: AuditActor,
  body: PromoteApplyBody,
  config: AppConfig,
): Promise<PromotePreview> {
  const { confirm, ...choice } = body;
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      select ${applications.id} from ${applications}
       where ${applications.role} = ${choice.role} and ${applications.status} = 'waitlisted'
       order by ${applications.id} for update`);
    const { preview, ids } = await describeWave(tx, choice);
    if (preview.count === 0) {
      throw errors.badRequest('Nobody on this waitlist can be promoted.');
    }
    if (confirm.trim() !== String(preview.count)) {
      throw errors.badRequest(
        `confirm: Type ${preview.count} to confirm: that is how many applicants this promotes.`,
        'validation_error',
      );
    }
    await setStatusesIn(tx, actor, { ids }, 'accepted', { requireAll: false, config });
    await audit(tx, actor, {
      action: 'admissions.promote',
      targetType: 'bulk',
      targetId: choice.role,
      after: { role: choice.role, requested: choice.count, promoted: preview.count, ids },
    });
    return preview;
  });
}
