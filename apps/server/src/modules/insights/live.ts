/**
 * The numbers that move in the last weeks: RSVPs per day and arrivals at the door per quarter hour.
 */
import { sql } from 'drizzle-orm';
import { CHECKIN_SLOT_MINUTES, type CheckinTimeline, type RsvpTimeline } from '@lanyard/shared/insights';
import type { ApplicantRole } from '@lanyard/shared/constants';
import {
  BIN_ORIGIN,
  bin,
  cumulative,
  dayIn,
  daysBetween,
  roleIn,
  rolesOf,
  rows,
  spanOf,
  type InsightsContext,
} from './common';

type RoleFilter = { role?: ApplicantRole[] | undefined };

/** A chart of a door that stayed open for weeks shows its last this many slots (three weeks). */
const MAX_SLOTS = 2016;
const SLOT_MS = CHECKIN_SLOT_MINUTES * 60_000;

/**
 * An offer past its deadline: marked by the expiry job, or past its own deadline (capped by the
 * global one) in the seconds before the job marks it, as modules/admissions counts it.
 */
const EXPIRED = sql`(applications.rsvp_expired_at is not null or (applications.rsvp_due_at is not null
  and least(applications.rsvp_due_at, (select s.rsvp_deadline from settings s limit 1)) < now()))`;

/**
 * GET /insights/rsvps: answers to acceptances per day. A waitlisted "keep me on the list" is also
 * stored as an accepted RSVP, so only accepted applicants' answers count, as in Admissions.
 */
export async function rsvps(ctx: InsightsContext, f: RoleFilter): Promise<RsvpTimeline> {
  const { db, timeZone } = ctx;
  const roles = roleIn(sql`applications.role`, rolesOf(f));
  const [answered, open] = await Promise.all([
    rows<{ date: string; accepted: number; declined: number }>(
      db,
      sql`select to_char((x.b at time zone ${timeZone})::date, 'YYYY-MM-DD') as date,
                 sum(x.accepted)::int as accepted, sum(x.declined)::int as declined
            from (select ${bin(timeZone, sql`applications.rsvp_at`)} as b,
                         count(*) filter (where applications.rsvp_status = 'accepted') as accepted,
                         count(*) filter (where applications.rsvp_status = 'declined') as declined
                    from applications
                   where applications.rsvp_at is not null and applications.status = 'accepted'
                     and applications.rsvp_status in ('accepted', 'declined') and ${roles}
                   group by 1) x
           group by 1`,
    ),
    // Still open: no answer (or "maybe", which is not one), and the offer has not expired.
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from applications
           where applications.status = 'accepted' and ${roles}
             and (applications.rsvp_status = 'maybe'
                  or (applications.rsvp_status is null and not ${EXPIRED}))`,
    ),
  ]);
  const series = {
    accepted: new Map(answered.map((r) => [r.date, Number(r.accepted)])),
    declined: new Map(answered.map((r) => [r.date, Number(r.declined)])),
  };
  const span = spanOf(series.accepted, series.declined);
  let days: string[] = [];
  if (span) {
    // To today while answers can still come; to the last answer once the RSVP deadline is past.
    const deadline = ctx.settings.rsvpDeadline;
    const until = deadline && deadline.getTime() < ctx.now.getTime() ? dayIn(deadline, timeZone) : ctx.today;
    days = daysBetween(span.first, span.last > until ? span.last : until);
  }
  return { days: cumulative(days, series), awaiting: Number(open[0]?.n ?? 0) };
}

/**
 * The check-in roles a role filter picks: a "mentor + judge" is a mentor at the door too. Judges
 * and sponsors are nobody's applicants, so a role filter leaves them out.
 */
function checkinRoles(f: RoleFilter): string[] | undefined {
  if (!f.role?.length) return undefined;
  return f.role.flatMap((r) => (r === 'mentor' ? ['mentor', 'mentor + judge'] : [r]));
}

/** GET /insights/checkins: arrivals per slot from the first to the last, and who is still expected. */
export async function checkins(ctx: InsightsContext, f: RoleFilter): Promise<CheckinTimeline> {
  const { db } = ctx;
  const picked = checkinRoles(f);
  const roles = picked ? sql`c.role = any(${sql.param(picked)}::checkin_role[])` : sql`true`;
  const [slots, totals] = await Promise.all([
    rows<{ start: Date | string; n: number }>(
      db,
      sql`select date_bin(${`${CHECKIN_SLOT_MINUTES} minutes`}::interval, c.checked_in_at, ${BIN_ORIGIN}) as start,
                 count(*)::int as n
            from checkin_records c
           where c.checked_in and c.checked_in_at is not null and ${roles}
           group by 1`,
    ),
    rows<{ checked_in: number; expected: number }>(
      db,
      sql`select count(*) filter (where c.checked_in)::int as checked_in,
                 count(*) filter (where not c.checked_in)::int as expected
            from checkin_records c where ${roles}`,
    ),
  ]);
  const counts = new Map(slots.map((s) => [new Date(s.start).getTime(), Number(s.n)]));
  const times = [...counts.keys()];
  const out: CheckinTimeline['slots'] = [];
  if (times.length) {
    const last = Math.max(...times);
    const first = Math.max(Math.min(...times), last - (MAX_SLOTS - 1) * SLOT_MS);
    let total = 0;
    for (const [t, n] of counts) if (t < first) total += n;
    for (let t = first; t <= last; t += SLOT_MS) {
      const count = counts.get(t) ?? 0;
      total += count;
      out.push({ start: new Date(t).toISOString(), count, total });
    }
  }
  const row = totals[0];
  return { slots: out, checked_in: Number(row?.checked_in ?? 0), expected: Number(row?.expected ?? 0) };
}
