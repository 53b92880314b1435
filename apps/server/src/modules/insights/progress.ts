/**
 * Applications over time and the funnel: how many registered, started, submitted, and how far
 * they got. Each count is one aggregate; the independent ones run at once on the pool.
 */
import { sql } from 'drizzle-orm';
import type { ApplicantRole } from '@lanyard/shared/constants';
import {
  FUNNEL_STAGES,
  type Funnel,
  type FunnelStage,
  type InsightsFilters,
  type Timeline,
} from '@lanyard/shared/insights';
import { reviewStateCondition } from '../admin-applications/filters';
import {
  addDays,
  applicationsWhere,
  bin,
  byDay,
  cumulative,
  dayIn,
  daysBetween,
  perDay,
  percent,
  roleIn,
  rolesOf,
  rows,
  spanOf,
  type InsightsContext,
} from './common';

const DAY_MS = 24 * 3600_000;
/** The pace of the last this many full days projects submissions to the deadline. */
const PACE_DAYS = 7;
/** Without a deadline, the chart runs to today unless nobody has come for this many days. */
const QUIET_DAYS = 30;

type DayCount = { date: string; n: number };

/**
 * GET /insights/timeline. Registrations are new applicant accounts (the role filter reads the
 * account's role); started counts drafts by their first save and applications by started_at;
 * the status filter reads only submitted applications, the one series that has a status.
 */
export async function timeline(ctx: InsightsContext, f: InsightsFilters): Promise<Timeline> {
  const { db, timeZone } = ctx;
  const roles = rolesOf(f);
  const [registered, startedDrafts, startedApps, submitted] = await Promise.all([
    rows<DayCount>(
      db,
      perDay(
        timeZone,
        sql`select ${bin(timeZone, sql`u.created_at`)} as b, count(*)::int as n from users u
             where ${roleIn(sql`u.role`, roles, 'user_role')} group by 1`,
      ),
    ),
    rows<DayCount>(
      db,
      perDay(
        timeZone,
        sql`select ${bin(timeZone, sql`d.created_at`)} as b, count(*)::int as n from application_drafts d
             where ${roleIn(sql`d.role`, roles)} group by 1`,
      ),
    ),
    rows<DayCount>(
      db,
      perDay(
        timeZone,
        sql`select ${bin(timeZone, sql`a.started_at`)} as b, count(*)::int as n from applications a
             where ${roleIn(sql`a.role`, roles)} group by 1`,
      ),
    ),
    rows<DayCount>(
      db,
      perDay(
        timeZone,
        sql`select ${bin(timeZone, sql`applications.submitted_at`)} as b, count(*)::int as n from applications
             where ${applicationsWhere(ctx, f)} group by 1`,
      ),
    ),
  ]);
  const started = byDay(startedDrafts);
  for (const [day, n] of byDay(startedApps)) started.set(day, (started.get(day) ?? 0) + n);
  const series = { registered: byDay(registered), started, submitted: byDay(submitted) };

  const deadline = ctx.settings.applicationDeadline;
  const span = spanOf(series.registered, series.started, series.submitted);
  let days: string[] = [];
  if (span) {
    // To today while applications are open; once the deadline has passed, to the day after it
    // (late submissions past that still show, as the last day with data). Without a deadline, to
    // today while people still come, else to the last day anyone did: a season looked back on
    // months later is not a long flat line (nor cut short by MAX_DAYS).
    const until = deadline
      ? deadline.getTime() < ctx.now.getTime()
        ? minDay(ctx.today, addDays(dayIn(deadline, timeZone), 1))
        : ctx.today
      : addDays(span.last, QUIET_DAYS) < ctx.today
        ? span.last
        : ctx.today;
    days = daysBetween(span.first, maxDay(span.last, until));
  }
  const submittedTotal = [...series.submitted.values()].reduce((a, b) => a + b, 0);
  return {
    days: cumulative(days, series),
    deadline: deadline?.toISOString() ?? null,
    projection: project(ctx, series.submitted, submittedTotal),
  };
}

function minDay(a: string, b: string): string {
  return a < b ? a : b;
}

function maxDay(a: string, b: string): string {
  return a > b ? a : b;
}

/** Submissions at the deadline at the last full week's pace; null when there is nothing to project. */
function project(
  ctx: InsightsContext,
  submitted: Map<string, number>,
  total: number,
): Timeline['projection'] {
  const deadline = ctx.settings.applicationDeadline;
  if (!deadline || deadline.getTime() <= ctx.now.getTime()) return null;
  let recent = 0;
  for (let i = 1; i <= PACE_DAYS; i += 1) recent += submitted.get(addDays(ctx.today, -i)) ?? 0;
  const perDayPace = recent / PACE_DAYS;
  if (perDayPace === 0) return null;
  const daysLeft = (deadline.getTime() - ctx.now.getTime()) / DAY_MS;
  return {
    per_day: Math.round(perDayPace * 100) / 100,
    days_left: Math.round(daysLeft * 100) / 100,
    submitted_at_deadline: total + Math.round(perDayPace * daysLeft),
  };
}

const STAGE_LABELS: Record<FunnelStage, string> = {
  registered: 'Registered',
  started: 'Started',
  submitted: 'Submitted',
  reviewed: 'Reviewed',
  accepted: 'Accepted',
  confirmed: 'Confirmed',
  checked_in: 'Checked in',
};

type RoleCounts = { role: ApplicantRole } & Record<string, number>;

/**
 * GET /insights/funnel: per role, each stage's people and their share of the stage before. A
 * confirmed attendee is the database's own lanyard_confirmed_attendee (migration 0009, the SQL
 * twin of policies/rsvp.ts isConfirmedAttendee); checked in counts door records of that role's
 * applications.
 */
export async function funnel(ctx: InsightsContext, f: Pick<InsightsFilters, 'role'>): Promise<Funnel> {
  const { db } = ctx;
  const roles = rolesOf(f);
  const k = ctx.filter.rules.reviewsPerApplication;
  const [registered, drafts, apps, checkedIn, reviewUsed] = await Promise.all([
    rows<RoleCounts>(
      db,
      sql`select u.role, count(*)::int as n from users u
           where ${roleIn(sql`u.role`, roles, 'user_role')} group by 1`,
    ),
    rows<RoleCounts>(
      db,
      sql`select d.role, count(*)::int as n from application_drafts d where ${roleIn(sql`d.role`, roles)} group by 1`,
    ),
    rows<RoleCounts>(
      db,
      sql`select applications.role,
                 count(*)::int as submitted,
                 count(*) filter (where ${reviewStateCondition('reviewed', k)})::int as reviewed,
                 count(*) filter (where applications.status = 'accepted')::int as accepted,
                 count(*) filter (where lanyard_confirmed_attendee(applications.status,
                                                                   applications.rsvp_status))::int as confirmed
            from applications where ${roleIn(sql`applications.role`, roles)} group by 1`,
    ),
    rows<RoleCounts>(
      db,
      sql`select a.role, count(*)::int as n from checkin_records c join applications a on a.id = c.application_id
           where c.checked_in and ${roleIn(sql`a.role`, roles)} group by 1`,
    ),
    rows<{ used: boolean }>(db, sql`select exists (select 1 from reviews) as used`),
  ]);
  const used = Boolean(reviewUsed[0]?.used);
  const of = (list: RoleCounts[], role: ApplicantRole, column = 'n') =>
    Number(list.find((r) => r.role === role)?.[column] ?? 0);
  return {
    roles: roles.map((role) => {
      const counts: Record<FunnelStage, number> = {
        registered: of(registered, role),
        started: of(drafts, role) + of(apps, role, 'submitted'),
        submitted: of(apps, role, 'submitted'),
        reviewed: of(apps, role, 'reviewed'),
        accepted: of(apps, role, 'accepted'),
        confirmed: of(apps, role, 'confirmed'),
        checked_in: of(checkedIn, role),
      };
      // The share of the stage shown before: "reviewed" is hidden until anyone reviews.
      let before: number | undefined;
      const stages = FUNNEL_STAGES.map((stage) => {
        const share = before === undefined ? null : percent(counts[stage], before);
        if (stage !== 'reviewed' || used) before = counts[stage];
        return { stage, label: STAGE_LABELS[stage], count: counts[stage], share };
      });
      return { role, stages };
    }),
    review_used: used,
  };
}
