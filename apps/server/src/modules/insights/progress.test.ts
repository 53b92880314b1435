import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funnelSchema, timelineSchema, type Funnel } from '@lanyard/shared/insights';
import { createTestContext, type TestContext } from '../../../test/helper';
import { at, day, insightsReader, person } from '../../../test/insights';
import { addReviews, buildReviewer } from '../../../test/reviews';

let ctx: TestContext;
let read: Awaited<ReturnType<typeof insightsReader>>;
beforeAll(async () => {
  ctx = await createTestContext();
  read = await insightsReader(ctx);
});
afterAll(() => ctx.close());

const setDeadline = (deadline: Date | null) =>
  ctx.database.db.execute(sql`update settings set application_deadline = ${deadline?.toISOString() ?? null}`);

/**
 * Five applicants over the last five days (n is days from today, in the event's time zone):
 *   hA  hacker  registered -5, started -5, submitted -4, pending
 *   hB  hacker  registered -5, started -3, submitted -3, accepted
 *   mM  mentor  registered -3, started -3, submitted -2, pending
 *   hD  hacker  registered -2, a draft from -2
 *   hE  hacker  registered -1, nothing else
 */
async function seedSeason() {
  const hA = await person(ctx, {
    registered: at(ctx, -5, '09:00'),
    application: { status: 'pending', startedAt: at(ctx, -5, '10:00'), submittedAt: at(ctx, -4) },
  });
  const hB = await person(ctx, {
    registered: at(ctx, -5, '11:00'),
    application: { status: 'accepted', startedAt: at(ctx, -3, '08:00'), submittedAt: at(ctx, -3) },
  });
  const mM = await person(ctx, {
    role: 'mentor',
    registered: at(ctx, -3, '07:00'),
    application: { status: 'pending', startedAt: at(ctx, -3, '09:00'), submittedAt: at(ctx, -2) },
  });
  await person(ctx, { registered: at(ctx, -2, '08:00'), draft: at(ctx, -2, '09:00') });
  await person(ctx, { registered: at(ctx, -1) });
  return { hA: hA.application!, hB: hB.application!, mM: mM.application! };
}

/** The days of a timeline as [date, registered, started, submitted, and their totals]. */
function table(days: { date: string; [k: string]: string | number }[]) {
  return days.map((d) => [
    d.date,
    d.registered,
    d.started,
    d.submitted,
    d.registered_total,
    d.started_total,
    d.submitted_total,
  ]);
}

let seeded: Awaited<ReturnType<typeof seedSeason>>;

describe('GET /api/admin/insights/timeline', () => {
  beforeAll(async () => {
    seeded = await seedSeason();
  });

  it('counts registrations, starts and submissions per day, with running totals, to today', async () => {
    await setDeadline(null);
    const t = await read(timelineSchema, 'timeline');
    expect(table(t.days)).toEqual([
      [day(ctx, -5), 2, 1, 0, 2, 1, 0],
      [day(ctx, -4), 0, 0, 1, 2, 1, 1],
      [day(ctx, -3), 1, 2, 1, 3, 3, 2],
      [day(ctx, -2), 1, 1, 1, 4, 4, 3],
      [day(ctx, -1), 1, 0, 0, 5, 4, 3],
      [day(ctx, 0), 0, 0, 0, 5, 4, 3],
    ]);
    expect(t.deadline).toBeNull();
    expect(t.projection).toBeNull();
  });

  it('the role filter reads every series; the status filter only the submitted ("submitted" finds pending)', async () => {
    const hackers = await read(timelineSchema, 'timeline', 'role=hacker');
    expect(table(hackers.days).at(-1)).toEqual([day(ctx, 0), 0, 0, 0, 4, 3, 2]);
    const mentors = await read(timelineSchema, 'timeline', 'role=mentor');
    expect(table(mentors.days)[0]).toEqual([day(ctx, -3), 1, 1, 0, 1, 1, 0]);

    const accepted = await read(timelineSchema, 'timeline', 'status=accepted');
    const last = (t: typeof accepted) => table(t.days).at(-1);
    expect(last(accepted)).toEqual([day(ctx, 0), 0, 0, 0, 5, 4, 1]);
    const submitted = await read(timelineSchema, 'timeline', 'status=submitted');
    expect(submitted.days.filter((d) => d.submitted > 0).map((d) => d.date)).toEqual([
      day(ctx, -4),
      day(ctx, -2),
    ]);
    const both = await read(timelineSchema, 'timeline', 'role=hacker&status=pending,accepted');
    expect(last(both)).toEqual([day(ctx, 0), 0, 0, 0, 4, 3, 2]);
  });

  it('projects submissions at the deadline from the last seven full days', async () => {
    const deadline = new Date(Date.now() + 10 * 24 * 3600_000);
    await setDeadline(deadline);
    const t = await read(timelineSchema, 'timeline');
    expect(t.deadline).toBe(deadline.toISOString());
    // Three submissions in the last seven days: 3/7 a day for the ten days left.
    expect(t.projection).toMatchObject({
      per_day: 0.43,
      submitted_at_deadline: 3 + Math.round((3 / 7) * 10),
    });
    expect(t.projection!.days_left).toBeCloseTo(10, 1);
    // One mentor submitted in the last seven days (day -2).
    const mentors = await read(timelineSchema, 'timeline', 'role=mentor');
    expect(mentors.projection).toMatchObject({ per_day: 0.14, submitted_at_deadline: 1 + 1 });
    // No pace, no projection: nothing rejected was submitted.
    const rejected = await read(timelineSchema, 'timeline', 'status=rejected');
    expect(rejected.projection).toBeNull();
  });

  it('once the deadline has passed: no projection, and the days end the day after it (or at the last data)', async () => {
    await setDeadline(at(ctx, -4));
    const t = await read(timelineSchema, 'timeline');
    expect(t.projection).toBeNull();
    // The deadline's next day is -3, but registrations go on to -1.
    expect(t.days.map((d) => d.date)).toEqual([-5, -4, -3, -2, -1].map((n) => day(ctx, n)));
    await setDeadline(null);
  });
});

describe('GET /api/admin/insights/funnel', () => {
  const stages = (f: Funnel, role: 'hacker' | 'mentor') =>
    f.roles.find((r) => r.role === role)!.stages.map((s) => [s.stage, s.count, s.share]);

  it('counts each stage per role, with the share of the stage shown before ("reviewed" hidden before any review)', async () => {
    const f = await read(funnelSchema, 'funnel');
    expect(f.review_used).toBe(false);
    expect(f.roles.map((r) => r.role)).toEqual(['hacker', 'mentor']);
    expect(f.roles[0]!.stages.map((s) => s.label)).toEqual([
      'Registered',
      'Started',
      'Submitted',
      'Reviewed',
      'Accepted',
      'Confirmed',
      'Checked in',
    ]);
    expect(stages(f, 'hacker')).toEqual([
      ['registered', 4, null],
      ['started', 3, 75],
      ['submitted', 2, 66.7],
      ['reviewed', 0, 0],
      // Reviews are not used: the share is of the submitted.
      ['accepted', 1, 50],
      ['confirmed', 0, 0],
      ['checked_in', 0, null],
    ]);
    expect(stages(f, 'mentor')).toEqual([
      ['registered', 1, null],
      ['started', 1, 100],
      ['submitted', 1, 100],
      ['reviewed', 0, 0],
      ['accepted', 0, 0],
      ['confirmed', 0, null],
      ['checked_in', 0, null],
    ]);
  });

  it('follows reviews, confirmations and check-ins; the role filter picks the roles', async () => {
    const reviewer = await buildReviewer(ctx.database.db);
    const second = await buildReviewer(ctx.database.db);
    await addReviews(ctx.database.db, [
      { applicationId: seeded.hB.id, reviewerId: reviewer.id, total: 3 },
      { applicationId: seeded.hB.id, reviewerId: second.id, total: 3.5 },
      { applicationId: seeded.hA.id, reviewerId: reviewer.id, total: 2 },
    ]);
    // Confirming makes the door record (migration 0009); checking it in is the last stage.
    await ctx.database.db.execute(
      sql`update applications set rsvp_status = 'accepted', rsvp_at = now() where id = ${seeded.hB.id}`,
    );
    await ctx.database.db.execute(
      sql`update checkin_records set checked_in = true, checked_in_at = now() where application_id = ${seeded.hB.id}`,
    );
    const f = await read(funnelSchema, 'funnel', 'role=hacker');
    expect(f.review_used).toBe(true);
    expect(f.roles.map((r) => r.role)).toEqual(['hacker']);
    expect(stages(f, 'hacker')).toEqual([
      ['registered', 4, null],
      ['started', 3, 75],
      ['submitted', 2, 66.7],
      ['reviewed', 1, 50],
      ['accepted', 1, 100],
      ['confirmed', 1, 100],
      ['checked_in', 1, 100],
    ]);
    // The status filter is ignored: the funnel is the statuses.
    const filtered = await read(funnelSchema, 'funnel', 'role=hacker&status=rejected');
    expect(filtered).toEqual(f);
  });
});
