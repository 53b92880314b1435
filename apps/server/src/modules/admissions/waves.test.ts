import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { promotePreviewSchema, type PromotePreview } from '@lanyard/shared/capacity';
import { asUser, auditRows, seedApplications, type Seeded } from '../../../test/admin';
import { createAdmin, createTestContext, outboxFor, type TestContext } from '../../../test/helper';
import { addReviews, buildReviewer } from '../../../test/reviews';

let ctx: TestContext;
let call: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = asUser(ctx, (await createAdmin(ctx)).token);
});
afterAll(() => ctx.close());

/**
 * The hacker waitlist: W0..W7 submitted in that order. W5 scores 4.5, W6 scores 3, W2 is flagged
 * (and scores 5), W3 asked to be removed. So the order is W5, W6 (scored, best first), then W0, W1,
 * W4, W7 (by submission). One waitlisted mentor, one accepted hacker.
 */
let w: Seeded[];
beforeEach(async () => {
  const pool = ctx.database.pool;
  await pool.query('delete from applications');
  await pool.query("delete from users where role <> 'admin'");
  await pool.query('delete from email_outbox');
  await pool.query(`update settings set review = '{"ranking": "raw"}', capacity = null,
                      hacker_decisions_released = true, mentor_decisions_released = true`);
  const base = Date.UTC(2025, 5, 1);
  w = await seedApplications(
    ctx,
    10,
    (i) => ({
      firstName: i < 8 ? `W${i}` : `X${i}`,
      lastName: 'Smith',
      role: i === 8 ? 'mentor' : 'hacker',
      status: i === 9 ? 'accepted' : 'waitlisted',
      rsvpStatus: i === 3 ? 'declined' : i === 4 ? 'accepted' : null,
      submittedAt: new Date(base + i * 60_000),
    }),
    { sessions: true },
  );
  const reviewer = await buildReviewer(ctx.database.db);
  await addReviews(ctx.database.db, [
    { applicationId: w[5]!.id, reviewerId: reviewer.id, total: 4.5 },
    { applicationId: w[6]!.id, reviewerId: reviewer.id, total: 3 },
    { applicationId: w[2]!.id, reviewerId: reviewer.id, total: 5, flag: 'spam', flagReason: 'ads' },
  ]);
});

async function preview(count: number, role = 'hacker'): Promise<PromotePreview> {
  const res = await call('POST', '/api/admin/admissions/promote/preview', { role, count });
  expect(res.statusCode, res.body).toBe(200);
  return promotePreviewSchema.parse(res.json());
}

const names = (p: { name: string }[]) => p.map((x) => x.name.split(' ')[0]);

async function statusOf(id: string): Promise<string> {
  const { rows } = await ctx.database.pool.query('select status from applications where id = $1', [id]);
  return rows[0].status as string;
}

describe('promoting the next N from the waitlist', () => {
  it('takes the best score first, then the earliest submission; never flagged or removed', async () => {
    const p = await preview(10);
    expect(p).toMatchObject({ role: 'hacker', waitlisted: 6, excluded_flagged: 1, count: 6 });
    expect(names(p.first)).toEqual(['W5', 'W6', 'W0']);
    expect(names(p.last)).toEqual(['W1', 'W4', 'W7']);
    expect(p.first.map((x) => x.score)).toEqual([4.5, 3, null]);
    const three = await preview(3);
    expect(three.count).toBe(3);
    expect(names(three.first)).toEqual(['W5', 'W6', 'W0']);
    expect(three.last).toEqual([]);
  });

  it('projects attendance after the wave with the role shares', async () => {
    // One accepted hacker awaiting: 1 × 0.6 × 0.85 = 0.51 → 0.5; two more offers add 1.02.
    const p = await preview(2);
    expect(p.expected_attendance_before).toBe(0.5);
    expect(p.expected_attendance_after).toBe(1.5);
  });

  it('promotes exactly what the preview showed, e-mails them (released) and audits the wave', async () => {
    const shown = await preview(3);
    const res = await call('POST', '/api/admin/admissions/promote', {
      role: 'hacker',
      count: 3,
      confirm: '3',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(promotePreviewSchema.parse(res.json())).toEqual(shown);
    for (const i of [5, 6, 0]) expect(await statusOf(w[i]!.id)).toBe('accepted');
    for (const i of [1, 2, 3, 4, 7]) expect(await statusOf(w[i]!.id)).toBe('waitlisted');
    expect(await outboxFor(ctx, w[5]!.email)).toHaveLength(1);
    expect(await outboxFor(ctx, w[1]!.email)).toHaveLength(0);
    const wave = (await auditRows(ctx, 'bulk', 'hacker')).filter((r) => r.action === 'admissions.promote');
    expect(wave).toHaveLength(1);
    expect(wave[0]!.after).toMatchObject({ requested: 3, promoted: 3 });
    expect((await auditRows(ctx, 'application', w[5]!.id)).map((r) => r.action)).toContain(
      'application.bulk_status',
    );
    // The next wave starts where this one stopped.
    expect(names((await preview(1)).first)).toEqual(['W1']);
  });

  it('voids a "keep me on the waitlist" answer: the promoted applicant answers the offer afresh', async () => {
    await call('POST', '/api/admin/admissions/promote', { role: 'hacker', count: 6, confirm: '6' });
    const { rows } = await ctx.database.pool.query(
      'select status, rsvp_status from applications where id = $1',
      [w[4]!.id],
    );
    expect(rows[0]).toEqual({ status: 'accepted', rsvp_status: null });
  });

  it('refuses a confirmation that is not the number promoted, and an empty waitlist', async () => {
    const wrong = await call('POST', '/api/admin/admissions/promote', {
      role: 'hacker',
      count: 20,
      confirm: '20',
    });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('Type 6 to confirm');
    expect(await statusOf(w[5]!.id)).toBe('waitlisted');
    await call('POST', '/api/admin/admissions/promote', { role: 'mentor', count: 1, confirm: '1' });
    const empty = await call('POST', '/api/admin/admissions/promote', {
      role: 'mentor',
      count: 1,
      confirm: '1',
    });
    expect(empty.statusCode).toBe(400);
    for (const body of [
      { role: 'hacker', count: 0 },
      { role: 'judge', count: 1 },
      { role: 'hacker', count: 1.5 },
    ]) {
      expect((await call('POST', '/api/admin/admissions/promote/preview', body)).statusCode).toBe(400);
    }
  });

  it('two waves at once promote different people', async () => {
    const [a, b] = await Promise.all([
      call('POST', '/api/admin/admissions/promote', { role: 'hacker', count: 2, confirm: '2' }),
      call('POST', '/api/admin/admissions/promote', { role: 'hacker', count: 2, confirm: '2' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const promoted = [...a.json().first, ...b.json().first].map((x: { id: string }) => x.id);
    expect(new Set(promoted).size).toBe(4);
    const { rows } = await ctx.database.pool.query(
      "select count(*)::int as n from applications where role = 'hacker' and status = 'accepted'",
    );
    expect(rows[0].n).toBe(5);
  });

  describe("an applicant's place on the waitlist", () => {
    async function positionOf(i: number): Promise<number | null> {
      const res = await asUser(ctx, w[i]!.token!)('GET', '/api/applications/me/waitlist-position');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { position: number | null }).position;
    }

    it('is hidden unless the organisers show it', async () => {
      expect(await positionOf(5)).toBeNull();
    });

    it('follows the promotion order, and is never shown to the flagged, the removed or the accepted', async () => {
      const on = await call('PUT', '/api/admin/admissions/settings', { show_waitlist_position: true });
      expect(on.statusCode, on.body).toBe(200);
      // Other settings left as they were.
      expect(on.json().settings.min_answers).toBe(50);
      expect([await positionOf(5), await positionOf(6), await positionOf(0), await positionOf(7)]).toEqual([
        1, 2, 3, 6,
      ]);
      for (const i of [2, 3, 9]) expect(await positionOf(i)).toBeNull();
      // The mentor waitlist is its own.
      expect(await positionOf(8)).toBe(1);
      await call('POST', '/api/admin/admissions/promote', { role: 'hacker', count: 2, confirm: '2' });
      expect(await positionOf(0)).toBe(1);
    });

    it("waits for the role's decisions to be released", async () => {
      await call('PUT', '/api/admin/admissions/settings', { show_waitlist_position: true });
      await ctx.database.pool.query('update settings set hacker_decisions_released = false');
      expect(await positionOf(5)).toBeNull();
      expect(await positionOf(8)).toBe(1);
    });
  });
});
