import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asUser, seedApplications, type Seeded } from '../../../test/admin';
import { setSettings } from '../../../test/applicant';
import { bearer, createAdmin, createTestContext, outboxFor, type TestContext } from '../../../test/helper';
import { startInstance, waitFor } from '../../../test/instances';
import { addReviews, buildReviewer } from '../../../test/reviews';
import { createDatabase } from '../../db/client';
import { promoteFreedPlaces } from './promotion';
import { createAdmissionsWorker } from './worker';

let ctx: TestContext;
let admin: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = asUser(ctx, (await createAdmin(ctx)).token);
});
afterAll(() => ctx.close());

/**
 * Three places for hackers, all taken by confirmed attendees A0..A2 (shares at 100%, so one freed
 * place is one promotion). The waitlist W0..W3 in submission order: W1 scores 4, W2 is flagged
 * (and scores 5). So the promotion order is W1, W0, W3.
 */
let a: Seeded[];
let w: Seeded[];
const capacity = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    hacker: { places: 3, attend_percent: 100, yes_percent: 100, use_measured: false, auto_promote: true },
    offer_days: 2,
    ...over,
  });

beforeEach(async () => {
  const pool = ctx.database.pool;
  await pool.query('delete from applications');
  await pool.query("delete from users where role <> 'admin'");
  await pool.query('delete from email_outbox');
  await pool.query('delete from admission_events');
  await setSettings(ctx, { hacker_decisions_released: true });
  await pool.query(`update settings set review = '{"ranking": "raw"}', capacity = $1`, [capacity()]);
  const base = Date.UTC(2025, 5, 1);
  a = await seedApplications(
    ctx,
    3,
    (i) => ({
      firstName: `A${i}`,
      status: 'accepted',
      decisionNotifiedStatus: 'accepted',
      rsvpStatus: 'accepted',
      liabilityWaiverAccepted: true,
      photoClearanceAccepted: true,
      photoSharingOptOut: false,
    }),
    { sessions: true },
  );
  w = await seedApplications(
    ctx,
    4,
    (i) => ({
      firstName: `W${i}`,
      status: 'waitlisted',
      decisionNotifiedStatus: 'waitlisted',
      submittedAt: new Date(base + i * 60_000),
    }),
    { sessions: true },
  );
  const reviewer = await buildReviewer(ctx.database.db);
  await addReviews(ctx.database.db, [
    { applicationId: w[1]!.id, reviewerId: reviewer.id, total: 4 },
    { applicationId: w[2]!.id, reviewerId: reviewer.id, total: 5, flag: 'spam', flagReason: 'ads' },
  ]);
});

const promote = () => promoteFreedPlaces(ctx.database.db, ctx.config, 'hacker');

function withdraw(p: Seeded) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/applications/rsvp/withdraw',
    headers: bearer(p.token!),
    payload: {},
  });
}

async function statuses(people: Seeded[]): Promise<string[]> {
  const { rows } = await ctx.database.pool.query(
    'select id, status, rsvp_due_at from applications where id = any($1)',
    [people.map((p) => p.id)],
  );
  const by = new Map(rows.map((r) => [r.id as string, r.status as string]));
  return people.map((p) => by.get(p.id)!);
}

async function promotions() {
  const { rows } = await ctx.database.pool.query(
    `select actor_email, target_id, after from audit_log
      where action = 'admissions.auto_promote' and target_id = any($1) order by created_at, id`,
    [w.map((p) => p.id)],
  );
  return rows as { actor_email: string; target_id: string; after: { reason: Record<string, unknown> } }[];
}

describe('automatic waitlist promotion', () => {
  it('fills each freed place from the head of the waitlist: score first, then submission, never flagged', async () => {
    expect((await withdraw(a[0]!)).statusCode).toBe(200);
    expect(await promote()).toMatchObject({ state: 'done', promoted: [w[1]!.id] });
    expect(await statuses(w)).toEqual(['waitlisted', 'accepted', 'waitlisted', 'waitlisted']);
    // Nothing more to do: the place is refilled.
    expect(await promote()).toEqual({ state: 'idle' });

    // A deletion and an admin's change of decision free places too.
    await ctx.database.pool.query('delete from users where id = $1', [a[1]!.userId]);
    expect(await promote()).toMatchObject({ promoted: [w[0]!.id] });
    const moved = await admin('PUT', `/api/admin/applications/${a[2]!.id}/status`, { status: 'rejected' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await promote()).toMatchObject({ promoted: [w[3]!.id] });
    expect(await statuses(w)).toEqual(['accepted', 'accepted', 'waitlisted', 'accepted']);

    // Each promoted applicant gets the acceptance once, with their own deadline, and the audit log
    // names the system and the place that was freed.
    for (const p of [w[0]!, w[1]!, w[3]!]) {
      expect(await outboxFor(ctx, p.email, 'decision_accepted')).toHaveLength(1);
    }
    const { rows } = await ctx.database.pool.query(
      'select count(*)::int as n from applications where id = any($1) and rsvp_due_at is not null',
      [[w[0]!.id, w[1]!.id, w[3]!.id]],
    );
    expect(rows[0].n).toBe(3);
    const log = await promotions();
    expect(log.map((r) => [r.actor_email, r.target_id])).toEqual([
      ['system', w[1]!.id],
      ['system', w[0]!.id],
      ['system', w[3]!.id],
    ]);
    expect(log.map((r) => r.after.reason.freed_by)).toEqual(['declined', 'deleted', 'status']);
    expect(log[0]!.after.reason.application_id).toBe(a[0]!.id);
  });

  it('an expired offer frees its place', async () => {
    await ctx.database.pool.query(
      "update applications set rsvp_status = null, rsvp_due_at = now() - interval '1 second' where id = $1",
      [a[0]!.id],
    );
    const { expireOffers } = await import('./offers');
    expect(await expireOffers(ctx.database.db, ctx.config)).toBe(1);
    const outcome = await promote();
    expect(outcome).toMatchObject({ promoted: [w[1]!.id] });
    expect((await promotions())[0]!.after.reason).toMatchObject({
      freed_by: 'expired',
      application_id: a[0]!.id,
    });
  });

  it('records a freed place only for a row that held one', async () => {
    const pool = ctx.database.pool;
    const events = async () =>
      (await pool.query('select application_id, kind from admission_events order by id')).rows;
    // Held none: a waitlisted applicant rejected, a declined offer and an expired one changed or
    // deleted, and an accepted attendee whose status is written again unchanged.
    await pool.query("update applications set status = 'rejected' where id = $1", [w[0]!.id]);
    await pool.query("update applications set rsvp_status = 'declined' where id = $1", [a[0]!.id]);
    expect(await events()).toEqual([{ application_id: a[0]!.id, kind: 'declined' }]);
    await pool.query("update applications set status = 'rejected' where id = $1", [a[0]!.id]);
    await pool.query('update applications set rsvp_status = null, rsvp_expired_at = now() where id = $1', [
      a[1]!.id,
    ]);
    await pool.query('delete from applications where id = $1', [a[1]!.id]);
    await pool.query("update applications set status = 'accepted' where id = $1", [a[2]!.id]);
    expect(await events()).toEqual([
      { application_id: a[0]!.id, kind: 'declined' },
      { application_id: a[1]!.id, kind: 'expired' },
    ]);
    // Held one, an offer not yet answered: changed away from accepted.
    await pool.query('update applications set rsvp_status = null where id = $1', [a[2]!.id]);
    await pool.query("update applications set status = 'waitlisted' where id = $1", [a[2]!.id]);
    expect((await events()).at(-1)).toEqual({ application_id: a[2]!.id, kind: 'status' });
  });

  it('promotes as many as bring projected attendance back to the places', async () => {
    // At 50% yes, each offer is worth half an attendee: one freed place takes two offers.
    await ctx.database.pool.query('update settings set capacity = $1', [
      capacity({
        hacker: { places: 3, attend_percent: 100, yes_percent: 50, use_measured: false, auto_promote: true },
      }),
    ]);
    await withdraw(a[0]!);
    expect(await promote()).toMatchObject({ promoted: [w[1]!.id, w[0]!.id] });
  });

  it('pause stops it at once and keeps the freed places for when it resumes', async () => {
    const paused = await admin('PUT', '/api/admin/admissions/settings', { promotion_paused: true });
    expect(paused.statusCode, paused.body).toBe(200);
    await withdraw(a[0]!);
    expect(await promote()).toEqual({ state: 'paused', waiting: 1 });
    expect(await statuses(w)).toEqual(['waitlisted', 'waitlisted', 'waitlisted', 'waitlisted']);
    await admin('PUT', '/api/admin/admissions/settings', { promotion_paused: false });
    expect(await promote()).toMatchObject({ promoted: [w[1]!.id] });
  });

  it('does nothing while off, or before the role’s decisions are released', async () => {
    await admin('PUT', '/api/admin/admissions/settings', { hacker: { auto_promote: false } });
    await withdraw(a[0]!);
    expect(await promote()).toEqual({ state: 'dropped', events: 1 });
    // Switching it on later does not act on places freed while it was off.
    await admin('PUT', '/api/admin/admissions/settings', { hacker: { auto_promote: true } });
    expect(await promote()).toEqual({ state: 'idle' });
    await setSettings(ctx, { hacker_decisions_released: false });
    await ctx.database.pool.query("update applications set rsvp_status = 'declined' where id = $1", [
      a[1]!.id,
    ]);
    expect(await promote()).toEqual({ state: 'dropped', events: 1 });
    expect(await statuses(w)).toEqual(['waitlisted', 'waitlisted', 'waitlisted', 'waitlisted']);
  });

  it('two declines at the same moment on two instances promote exactly two', async () => {
    const one = await startInstance(ctx);
    const two = await startInstance(ctx);
    const workers = [one, two].map((i) =>
      createAdmissionsWorker({
        db: i.database.db,
        pool: i.database.pool,
        config: ctx.config,
        log: i.app.log,
      }),
    );
    try {
      for (const worker of workers) worker.start(60_000);
      const [r1, r2] = await Promise.all([
        asUser(one.ctx, a[0]!.token!)('POST', '/api/applications/rsvp/withdraw', {}),
        asUser(two.ctx, a[1]!.token!)('POST', '/api/applications/rsvp/withdraw', {}),
      ]);
      expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
      // Woken by NOTIFY, not by the (one-minute) timer.
      await waitFor('two promotions', async () => (await promotions()).length >= 2);
      await Promise.all(workers.map((worker) => worker.runNow()));
      expect((await promotions()).map((p) => p.target_id).sort()).toEqual([w[1]!.id, w[0]!.id].sort());
      expect(await statuses(w)).toEqual(['accepted', 'accepted', 'waitlisted', 'waitlisted']);
      const { rows } = await ctx.database.pool.query('select count(*)::int as n from admission_events');
      expect(rows[0].n).toBe(0);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await one.close();
      await two.close();
    }
  });

  it('many runs racing over the same freed places promote once per place', async () => {
    await Promise.all(a.map((p) => withdraw(p)));
    const extra = createDatabase(ctx.databaseUrl, { max: 4 });
    try {
      await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          promoteFreedPlaces(i % 2 ? extra.db : ctx.database.db, ctx.config, 'hacker'),
        ),
      );
    } finally {
      await extra.close();
    }
    // One audit row each (rows of one run share a timestamp, so compared as a set).
    expect((await promotions()).map((p) => p.target_id).sort()).toEqual(
      [w[1]!.id, w[0]!.id, w[3]!.id].sort(),
    );
  });
});
