import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { admissionsSchema, type Admissions } from '@lanyard/shared/capacity';
import { asUser, auditRows, seedApplications, type ApplicationInsert } from '../../../test/admin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { buildReviewer } from '../../../test/reviews';
import { createSession } from '../auth/sessions';

let ctx: TestContext;
let call: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = asUser(ctx, (await createAdmin(ctx)).token);
});
afterAll(() => ctx.close());

type Spec = Partial<ApplicationInsert>;
const many = (n: number, spec: Spec): Spec[] => Array.from({ length: n }, () => spec);

/**
 * Hackers: 10 confirmed (4 of them checked in), 3 declined, 5 awaiting (one said "maybe"),
 * 6 waitlisted (1 asked to be removed), 2 rejected, 1 submitted. Mentors: 2 confirmed, 1 awaiting.
 */
let hackerIds: string[];
beforeEach(async () => {
  const pool = ctx.database.pool;
  await pool.query('delete from checkin_records');
  await pool.query('delete from applications');
  await pool.query("delete from users where role <> 'admin'");
  await pool.query(
    'update settings set capacity = null, hacker_decisions_released = true, mentor_decisions_released = false',
  );
  const hacker = (
    status: ApplicationInsert['status'],
    rsvpStatus: ApplicationInsert['rsvpStatus'] = null,
  ): Spec => ({
    role: 'hacker',
    status,
    rsvpStatus,
  });
  const specs: Spec[] = [
    ...many(10, hacker('accepted', 'accepted')),
    ...many(3, hacker('accepted', 'declined')),
    ...many(4, hacker('accepted')),
    hacker('accepted', 'maybe'),
    ...many(5, hacker('waitlisted')),
    hacker('waitlisted', 'declined'),
    ...many(2, hacker('rejected')),
    hacker('submitted'),
    ...many(2, { role: 'mentor', status: 'accepted', rsvpStatus: 'accepted' }),
    { role: 'mentor', status: 'accepted' },
  ];
  const apps = await seedApplications(ctx, specs.length, (i) => specs[i]!);
  hackerIds = apps.map((a) => a.id);
  await checkIn(hackerIds.slice(0, 4));
});

async function checkIn(ids: string[]): Promise<void> {
  for (const id of ids) {
    await ctx.database.pool.query(
      `insert into checkin_records (application_id, first_name, last_name, email, checked_in, checked_in_at)
       values ($1, 'A', 'B', $2, true, now())
       on conflict (application_id) do update set checked_in = true, checked_in_at = now()`,
      [id, `${id}@example.org`],
    );
  }
}

async function admissions(): Promise<Admissions> {
  const res = await call('GET', '/api/admin/admissions');
  expect(res.statusCode, res.body).toBe(200);
  return admissionsSchema.parse(res.json());
}

describe('admissions to capacity', () => {
  it('counts offers and answers per role, exactly, with the default shares', async () => {
    const a = await admissions();
    const [hackers, mentors] = a.roles;
    expect(hackers).toMatchObject({
      role: 'hacker',
      released: true,
      places: null,
      offers: 18,
      confirmed: 10,
      declined: 3,
      awaiting: 5,
      waitlisted: 5,
      checked_in: 4,
      suggested_offers: null,
    });
    // 10 × 0.85 + 5 × 0.6 × 0.85 = 8.5 + 2.55
    expect(hackers!.expected_attendance).toBe(11.1);
    expect(hackers!.attend).toEqual({
      default_percent: 85,
      measured_percent: null,
      answers: 4,
      used_percent: 85,
    });
    expect(hackers!.yes).toEqual({
      default_percent: 60,
      measured_percent: null,
      answers: 13,
      used_percent: 60,
    });
    expect(mentors).toMatchObject({ role: 'mentor', released: false, offers: 3, confirmed: 2, awaiting: 1 });
  });

  it('suggests the offers that fill the places, and uses measured shares only when asked and when there are enough answers', async () => {
    const res = await call('PUT', '/api/admin/admissions/settings', {
      hacker: { places: 30, attend_percent: 80, yes_percent: 50, use_measured: false },
      min_answers: 13,
    });
    expect(res.statusCode, res.body).toBe(200);
    let hackers = admissionsSchema.parse(res.json()).roles[0]!;
    // 10 × 0.8 + 5 × 0.5 × 0.8 = 10; 20 short at 0.4 a offer = 50 offers.
    expect(hackers).toMatchObject({ places: 30, expected_attendance: 10, suggested_offers: 50 });
    // 13 answers: 10 of 13 said yes; only 4 checked in, fewer than 13, so attendance is not measured.
    expect(hackers.yes).toMatchObject({ measured_percent: 76.9, answers: 13, used_percent: 50 });
    expect(hackers.attend.measured_percent).toBeNull();

    await call('PUT', '/api/admin/admissions/settings', {
      hacker: { places: 30, attend_percent: 80, yes_percent: 50, use_measured: true },
    });
    hackers = (await admissions()).roles[0]!;
    expect(hackers.yes.used_percent).toBe(76.9);
    expect(hackers.attend.used_percent).toBe(80);

    // Enough people at the door: 13 of 10 confirmed cannot happen, so check in the other 6 confirmed.
    await call('PUT', '/api/admin/admissions/settings', { min_answers: 10 });
    await checkIn(hackerIds.slice(4, 10));
    hackers = (await admissions()).roles[0]!;
    expect(hackers.attend).toMatchObject({ measured_percent: 100, answers: 10, used_percent: 100 });
  });

  it('says 0 offers when expected attendance already fills the places', async () => {
    await call('PUT', '/api/admin/admissions/settings', {
      hacker: { places: 5, attend_percent: 85, yes_percent: 60, use_measured: false },
    });
    expect((await admissions()).roles[0]).toMatchObject({ places: 5, suggested_offers: 0 });
  });

  it('refuses bad values field by field, and keeps the stored settings', async () => {
    for (const body of [
      { hacker: { places: -1, attend_percent: 85, yes_percent: 60, use_measured: false } },
      { hacker: { places: 10, attend_percent: 101, yes_percent: 60, use_measured: false } },
      { hacker: { places: 10.5, attend_percent: 85, yes_percent: 60, use_measured: false } },
      { hacker: { places: 10, surprise: 1 } },
      { min_answers: 0 },
      { admin: true },
      {},
    ]) {
      const res = await call('PUT', '/api/admin/admissions/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await admissions()).settings.hacker.places).toBeNull();
  });

  it("merges a role's fields over the stored ones", async () => {
    await call('PUT', '/api/admin/admissions/settings', {
      hacker: { places: 10, attend_percent: 90, yes_percent: 50, use_measured: false },
    });
    const res = await call('PUT', '/api/admin/admissions/settings', { hacker: { auto_promote: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await admissions()).settings.hacker).toEqual({
      places: 10,
      attend_percent: 90,
      yes_percent: 50,
      use_measured: false,
      auto_promote: true,
    });
  });

  it('audits a change with the settings before and after', async () => {
    await call('PUT', '/api/admin/admissions/settings', { min_answers: 75 });
    const rows = (await auditRows(ctx, 'settings')).filter((r) => r.action === 'capacity.settings.update');
    expect(rows.at(-1)).toMatchObject({ before: { min_answers: 50 }, after: { min_answers: 75 } });
  });

  it('reads a stored shape an older version wrote field by field', async () => {
    await ctx.database.pool.query(
      `update settings set capacity = '{"min_answers": "many", "hacker": {"places": 12, "attend_percent": 90, "yes_percent": 70, "use_measured": false}}'`,
    );
    const a = await admissions();
    expect(a.settings.min_answers).toBe(50);
    expect(a.settings.hacker.places).toBe(12);
  });

  it('is for admins only', async () => {
    const reviewer = await buildReviewer(ctx.database.db);
    const [applicant] = await seedApplications(ctx, 1, () => ({ role: 'hacker' }), { sessions: true });
    for (const token of [
      await createSession(ctx.database.db, ctx.config.sessionSecret, reviewer.id, {}),
      applicant!.token!,
    ]) {
      const as = asUser(ctx, token);
      expect((await as('GET', '/api/admin/admissions')).statusCode).toBe(403);
      expect((await as('PUT', '/api/admin/admissions/settings', { min_answers: 5 })).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/admissions' })).statusCode).toBe(401);
  });
});
