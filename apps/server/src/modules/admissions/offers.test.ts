import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { myApplicationResponseSchema } from '@lanyard/shared/application';
import { endOfDayAfter } from '@lanyard/shared/deadlines';
import { asUser, seedApplications, type Seeded } from '../../../test/admin';
import { rsvpAttending } from '../../../test/answers';
import { setSettings } from '../../../test/applicant';
import { bearer, createAdmin, createTestContext, outboxFor, type TestContext } from '../../../test/helper';
import { expireOffers } from './offers';

let ctx: TestContext;
let admin: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = asUser(ctx, (await createAdmin(ctx)).token);
});
afterAll(() => ctx.close());
afterEach(() => vi.useRealTimers());

let people: Seeded[];
beforeEach(async () => {
  const pool = ctx.database.pool;
  await pool.query('delete from applications');
  await pool.query("delete from users where role <> 'admin'");
  await pool.query('delete from email_outbox');
  await pool.query('delete from admission_events');
  await setSettings(ctx);
  await pool.query(`update settings set capacity = '{"offer_days": 3}'`);
  people = await seedApplications(
    ctx,
    3,
    (i) => ({ firstName: `P${i}`, status: i < 2 ? 'accepted' : 'waitlisted', decidedAt: new Date() }),
    { sessions: true },
  );
});

const tz = () => ctx.config.event.timeZone;

async function release(role = 'hacker') {
  const res = await admin('POST', '/api/admin/decisions/release', { role, send_email: true });
  expect(res.statusCode, res.body).toBe(200);
}

async function me(p: Seeded) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/applications/me', headers: bearer(p.token!) });
  expect(res.statusCode, res.body).toBe(200);
  return myApplicationResponseSchema.parse(res.json()).application!;
}

function rsvp(p: Seeded, body: Record<string, unknown> = rsvpAttending()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/applications/rsvp',
    headers: bearer(p.token!),
    payload: body,
  });
}

async function dueOf(p: Seeded): Promise<Date | null> {
  const { rows } = await ctx.database.pool.query('select rsvp_due_at from applications where id = $1', [
    p.id,
  ]);
  return rows[0].rsvp_due_at as Date | null;
}

async function auditOf(action: string) {
  const { rows } = await ctx.database.pool.query(
    `select actor_email, target_id, before, after from audit_log
      where action = $1 and target_id = any($2) order by created_at`,
    [action, people.map((p) => p.id)],
  );
  return rows as { actor_email: string; target_id: string; before: unknown; after: unknown }[];
}

async function setDue(p: Seeded, at: Date) {
  await ctx.database.pool.query('update applications set rsvp_due_at = $2 where id = $1', [p.id, at]);
}

describe('offers that expire', () => {
  it('gives each accepted applicant their own deadline at release: the end of day D, in the event zone', async () => {
    const before = new Date();
    await release();
    const after = new Date();
    const due = (await dueOf(people[0]!))!;
    expect([endOfDayAfter(before, 3, tz()).getTime(), endOfDayAfter(after, 3, tz()).getTime()]).toContain(
      due.getTime(),
    );
    // 23:59:59 on the event's wall clock.
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: tz(), timeStyle: 'medium' }).format(due);
    expect(local).toBe('23:59:59');
    // The waitlisted applicant has no offer, so no deadline.
    expect(await dueOf(people[2]!)).toBeNull();
    expect((await me(people[0]!)).offer).toEqual({ due_at: due.toISOString(), expired: false });
    expect((await me(people[2]!)).offer).toBeUndefined();
    // The acceptance e-mail names their own deadline.
    const [mail] = await outboxFor(ctx, people[0]!.email, 'decision_accepted');
    const shown = due.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: tz() });
    expect(mail!.text_body).toContain(shown);
  });

  it("an announcement's {{rsvp_deadline}} is the recipient's own while their offer waits", async () => {
    await release();
    const due = (await dueOf(people[0]!))!;
    const res = await admin('POST', '/api/admin/announcements/preview', {
      subject: 'Reminder',
      body: 'Confirm by {{rsvp_deadline}}.',
      segment: { list: 'rsvps', filters: { status: ['accepted'], rsvp_status: ['no_response'] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = due.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: tz() });
    expect(res.json().text).toContain(`Confirm by ${shown}.`);
  });

  it('never later than the global RSVP deadline', async () => {
    const global = new Date(Date.now() + 24 * 3600_000);
    await setSettings(ctx, { rsvp_deadline: global });
    await release();
    // Stored as their own; shown and enforced as the earlier of the two.
    expect((await dueOf(people[0]!))!.getTime()).toBeGreaterThan(global.getTime());
    expect((await me(people[0]!)).offer?.due_at).toBe(global.toISOString());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(global.getTime() + 1000);
    expect(await expireOffers(ctx.database.db, ctx.config)).toBe(2);
  });

  it('expires at the second by the server clock: in time at the deadline, expired one second after', async () => {
    await release();
    const due = new Date(Date.now() + 3600_000);
    due.setMilliseconds(0);
    await setDue(people[0]!, due);
    await setDue(people[1]!, new Date(due.getTime() + 3600_000));
    expect(await expireOffers(ctx.database.db, ctx.config, due)).toBe(0);
    expect(await expireOffers(ctx.database.db, ctx.config, new Date(due.getTime() + 1000))).toBe(1);
    // Once: a second run (another instance, or after a restart) finds nothing to do.
    expect(await expireOffers(ctx.database.db, ctx.config, new Date(due.getTime() + 2000))).toBe(0);
    const mails = await outboxFor(ctx, people[0]!.email, 'offer_expired');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('offer has expired');
    expect(await outboxFor(ctx, people[1]!.email, 'offer_expired')).toHaveLength(0);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(due.getTime() + 5000);
    expect((await me(people[0]!)).offer).toEqual({ due_at: due.toISOString(), expired: true });
    const refused = await rsvp(people[0]!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'offer_expired' });
    // The place is freed (for automatic promotion) and the audit log names the system.
    const { rows } = await ctx.database.pool.query('select kind, application_id from admission_events');
    expect(rows).toEqual([{ kind: 'expired', application_id: people[0]!.id }]);
    const audit = await auditOf('rsvp.expired');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: 'system', target_id: people[0]!.id });
    // The admin RSVP list shows it as expired, and filters by it.
    const list = await admin('GET', '/api/admin/rsvp?rsvp_status=expired');
    expect(list.json().applications.map((r: { _id: string }) => r._id)).toEqual([people[0]!.id]);
    expect(list.json().applications[0].offer).toEqual({ due_at: due.toISOString(), expired: true });
    const all = await admin('GET', '/api/admin/rsvp?status=accepted');
    expect(all.json().rsvp_stats).toMatchObject({ no_response: 1, expired: 1 });
    const counts = await admin('GET', '/api/admin/admissions');
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json().roles[0]).toMatchObject({ role: 'hacker', offers: 2, expired: 1, awaiting: 1 });
  });

  it('refuses an answer after the deadline even before the expiry job has run', async () => {
    await release();
    await setDue(people[0]!, new Date(Date.now() - 1000));
    const refused = await rsvp(people[0]!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'offer_expired' });
    expect((await rsvp(people[1]!)).statusCode).toBe(200);
  });

  it('an admin extends one person (reopening an expired offer), or everyone still waiting', async () => {
    await release();
    const soon = new Date(Date.now() + 3600_000);
    await setDue(people[0]!, new Date(Date.now() - 1000));
    await setDue(people[1]!, soon);
    await expireOffers(ctx.database.db, ctx.config);
    const later = new Date(Date.now() + 48 * 3600_000);

    const one = await admin('POST', '/api/admin/admissions/offers/extend', {
      application_id: people[0]!.id,
      due_at: later.toISOString(),
    });
    expect(one.json()).toEqual({ extended: 1, due_at: later.toISOString() });
    expect((await me(people[0]!)).offer).toEqual({ due_at: later.toISOString(), expired: false });
    expect((await rsvp(people[0]!)).statusCode).toBe(200);

    const evenLater = new Date(later.getTime() + 3600_000);
    const all = await admin('POST', '/api/admin/admissions/offers/extend', {
      role: 'hacker',
      due_at: evenLater.toISOString(),
    });
    // Only the open offer moves (the answered one has nothing to extend).
    expect(all.json()).toEqual({ extended: 1, due_at: evenLater.toISOString() });
    expect((await dueOf(people[1]!))!.toISOString()).toBe(evenLater.toISOString());
    // Everyone's never shortens.
    const shorter = await admin('POST', '/api/admin/admissions/offers/extend', {
      due_at: later.toISOString(),
    });
    expect(shorter.json().extended).toBe(0);
    expect((await auditOf('offer.extend')).length).toBe(1);
  });

  it('refuses a time in the past, past the global deadline, or an offer that is not open', async () => {
    await release();
    const past = await admin('POST', '/api/admin/admissions/offers/extend', {
      due_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    await setSettings(ctx, {
      hacker_decisions_released: true,
      rsvp_deadline: new Date(Date.now() + 3600_000),
    });
    const beyond = await admin('POST', '/api/admin/admissions/offers/extend', {
      due_at: new Date(Date.now() + 7200_000).toISOString(),
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().error).toContain('RSVP deadline');
    const waitlisted = await admin('POST', '/api/admin/admissions/offers/extend', {
      application_id: people[2]!.id,
      due_at: new Date(Date.now() + 1800_000).toISOString(),
    });
    expect(waitlisted.statusCode).toBe(409);
    const both = await admin('POST', '/api/admin/admissions/offers/extend', {
      application_id: people[2]!.id,
      role: 'hacker',
      due_at: new Date(Date.now() + 1800_000).toISOString(),
    });
    expect(both.statusCode).toBe(400);
  });

  it('without the setting, nobody gets a deadline of their own and nothing expires', async () => {
    await ctx.database.pool.query('update settings set capacity = null');
    await release();
    expect(await dueOf(people[0]!)).toBeNull();
    expect('offer' in (await me(people[0]!))).toBe(false);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 365 * 24 * 3600_000);
    expect(await expireOffers(ctx.database.db, ctx.config)).toBe(0);
  });
});
