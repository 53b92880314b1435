import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkinTimelineSchema,
  reviewProgressInsightSchema,
  rsvpTimelineSchema,
} from '@lanyard/shared/insights';
import { buildCheckin } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/helper';
import { at, day, insightsReader, people, person } from '../../../test/insights';
import { addReviews, buildReviewer } from '../../../test/reviews';

let ctx: TestContext;
let read: Awaited<ReturnType<typeof insightsReader>>;
beforeAll(async () => {
  ctx = await createTestContext();
  read = await insightsReader(ctx);
});
afterAll(() => ctx.close());

describe('GET /api/admin/insights/rsvps', () => {
  beforeAll(async () => {
    const answer = (rsvpStatus: 'accepted' | 'declined', n: number) => ({
      application: { status: 'accepted' as const, rsvpStatus, rsvpAt: at(ctx, n) },
    });
    await people(ctx, 2, () => answer('accepted', -3));
    await person(ctx, answer('declined', -2));
    await person(ctx, answer('accepted', -1));
    await person(ctx, { role: 'mentor', ...answer('accepted', -2) });
    // Still open, expired, and a waitlisted "keep me on the list" (stored as accepted, never counted).
    await people(ctx, 2, () => ({ application: { status: 'accepted' } }));
    await person(ctx, { application: { status: 'accepted', rsvpExpiredAt: new Date() } });
    await person(ctx, { application: { status: 'waitlisted', rsvpStatus: 'accepted', rsvpAt: at(ctx, -1) } });
  });

  it('counts answers per day with running totals, and the offers still open', async () => {
    await ctx.database.db.execute(sql`update settings set rsvp_deadline = null`);
    const r = await read(rsvpTimelineSchema, 'rsvps');
    expect(r.days.map((d) => [d.date, d.accepted, d.declined, d.accepted_total, d.declined_total])).toEqual([
      [day(ctx, -3), 2, 0, 2, 0],
      [day(ctx, -2), 1, 1, 3, 1],
      [day(ctx, -1), 1, 0, 4, 1],
      [day(ctx, 0), 0, 0, 4, 1],
    ]);
    expect(r.awaiting).toBe(2);
    const hackers = await read(rsvpTimelineSchema, 'rsvps', 'role=hacker');
    expect(hackers.days.at(-1)).toMatchObject({ accepted_total: 3, declined_total: 1 });
    const mentors = await read(rsvpTimelineSchema, 'rsvps', 'role=mentor');
    expect(mentors.days.map((d) => d.date)).toEqual([-2, -1, 0].map((n) => day(ctx, n)));
    expect(mentors.awaiting).toBe(0);
  });

  it('an offer past its own deadline is no longer awaited, before the expiry job marks it', async () => {
    await ctx.database.db.execute(
      sql`update applications set rsvp_due_at = now() - interval '1 minute'
           where id = (select id from applications where status = 'accepted' and rsvp_status is null
                          and rsvp_expired_at is null limit 1)`,
    );
    expect((await read(rsvpTimelineSchema, 'rsvps')).awaiting).toBe(1);
  });

  it('ends at the last answer once the RSVP deadline has passed', async () => {
    await ctx.database.db.execute(sql`update settings set rsvp_deadline = ${at(ctx, -2).toISOString()}`);
    const r = await read(rsvpTimelineSchema, 'rsvps');
    expect(r.days.map((d) => d.date)).toEqual([-3, -2, -1].map((n) => day(ctx, n)));
    await ctx.database.db.execute(sql`update settings set rsvp_deadline = null`);
  });
});

describe('GET /api/admin/insights/checkins', () => {
  const t0 = Date.parse('2026-03-01T10:00:00Z');
  const atMinute = (m: number) => new Date(t0 + m * 60_000);

  beforeAll(async () => {
    await ctx.database.db.execute(sql`delete from checkin_records`);
    const db = ctx.database.db;
    const door = (role: 'hacker' | 'mentor' | 'mentor + judge' | 'judge', minute: number | null) =>
      buildCheckin(db, {
        applicationId: null,
        role,
        checkedIn: minute !== null,
        checkedInAt: minute === null ? null : atMinute(minute),
      });
    await door('hacker', 1);
    await door('hacker', 5);
    await door('mentor', 20);
    await door('hacker', 40);
    await door('mentor + judge', 50);
    await door('judge', 52);
    await door('hacker', null);
    await door('mentor', null);
  });

  it('counts arrivals per quarter hour from the first to the last, empty ones included', async () => {
    const c = await read(checkinTimelineSchema, 'checkins');
    expect(c.slots).toEqual([
      { start: atMinute(0).toISOString(), count: 2, total: 2 },
      { start: atMinute(15).toISOString(), count: 1, total: 3 },
      { start: atMinute(30).toISOString(), count: 1, total: 4 },
      { start: atMinute(45).toISOString(), count: 2, total: 6 },
    ]);
    expect(c.checked_in).toBe(6);
    expect(c.expected).toBe(2);
  });

  it('the role filter reads the door list\'s role ("mentor + judge" is a mentor)', async () => {
    const hackers = await read(checkinTimelineSchema, 'checkins', 'role=hacker');
    expect(hackers.slots.map((s) => [s.count, s.total])).toEqual([
      [2, 2],
      [0, 2],
      [1, 3],
    ]);
    expect([hackers.checked_in, hackers.expected]).toEqual([3, 1]);
    const mentors = await read(checkinTimelineSchema, 'checkins', 'role=mentor');
    expect(mentors.slots.map((s) => [s.start, s.count])).toEqual([
      [atMinute(15).toISOString(), 1],
      [atMinute(30).toISOString(), 0],
      [atMinute(45).toISOString(), 1],
    ]);
    expect([mentors.checked_in, mentors.expected]).toEqual([2, 1]);
  });

  it('answers no slots before anyone arrives', async () => {
    await ctx.database.db.execute(sql`update checkin_records set checked_in = false, checked_in_at = null`);
    expect(await read(checkinTimelineSchema, 'checkins')).toEqual({ slots: [], checked_in: 0, expected: 8 });
  });
});

describe('GET /api/admin/insights/review', () => {
  it('counts where the applications awaiting a decision stand, and the reviews per day', async () => {
    const apps = (
      await people(ctx, 5, (i) => ({ application: { status: i < 4 ? 'pending' : 'accepted' } }))
    ).map((p) => p.application!.id);
    const [r1, r2, r3] = [
      await buildReviewer(ctx.database.db),
      await buildReviewer(ctx.database.db),
      await buildReviewer(ctx.database.db),
    ];
    const on = (n: number) => at(ctx, n);
    await addReviews(ctx.database.db, [
      // apps[0]: none. apps[1]: one, flagged. apps[2]: two that agree. apps[3]: two that disagree.
      { applicationId: apps[1]!, reviewerId: r1!.id, total: 3, flag: 'spam', createdAt: on(-2) },
      { applicationId: apps[2]!, reviewerId: r1!.id, total: 3, createdAt: on(-2) },
      { applicationId: apps[2]!, reviewerId: r2!.id, total: 3, createdAt: on(-1) },
      { applicationId: apps[3]!, reviewerId: r2!.id, total: 1, createdAt: on(-1) },
      { applicationId: apps[3]!, reviewerId: r3!.id, total: 4, createdAt: on(-1) },
      { applicationId: apps[4]!, reviewerId: r3!.id, total: 4, createdAt: on(0) },
    ]);
    const r = await read(reviewProgressInsightSchema, 'review');
    // The rsvp tests' applications are accepted or waitlisted: decided, so not in review.
    expect(r.states.map((s) => [s.state, s.label, s.count])).toEqual([
      ['unreviewed', 'Unreviewed', 1],
      ['in_review', 'In Review', 2],
      ['reviewed', 'Reviewed', 1],
      ['disputed', 'Disputed', 1],
      ['flagged', 'Flagged', 1],
    ]);
    expect(r.reviews_per_day).toEqual([
      { date: day(ctx, -2), count: 2, total: 2 },
      { date: day(ctx, -1), count: 3, total: 5 },
      { date: day(ctx, 0), count: 1, total: 6 },
    ]);
    expect([r.reviewers_active, r.reviews_total]).toEqual([3, 6]);

    const accepted = await read(reviewProgressInsightSchema, 'review', 'status=accepted');
    expect(accepted.states.find((s) => s.state === 'in_review')!.count).toBe(1);
    expect(accepted.reviews_per_day.map((d) => d.count)).toEqual([1]);
    expect([accepted.reviewers_active, accepted.reviews_total]).toEqual([1, 1]);

    const mentors = await read(reviewProgressInsightSchema, 'review', 'role=mentor');
    expect(mentors.states.every((s) => s.count === 0)).toBe(true);
    expect([mentors.reviews_per_day, mentors.reviewers_active, mentors.reviews_total]).toEqual([[], 0, 0]);
  });
});
