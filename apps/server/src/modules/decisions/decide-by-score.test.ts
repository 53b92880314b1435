import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decideByScorePreviewSchema, type DecideByScorePreview } from '@lanyard/shared/review';
import { asUser, auditRows, countRows, seedApplications, withPoisonedAudit } from '../../../test/admin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { addReviews, buildReviewer } from '../../../test/reviews';
import { readScoreRules } from '../../db/review-scores';
import { planByScore } from './decide-by-score';

let ctx: TestContext;
let call: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = asUser(ctx, (await createAdmin(ctx)).token);
});
afterAll(() => ctx.close());

/** Ten reviewed hackers with raw totals 5, 4.6, ..., 1.4 (the ranking is raw here: plain numbers). */
let ranked: string[];
let flaggedId: string;
let unreviewedId: string;
let mentorId: string;
beforeEach(async () => {
  const pool = ctx.database.pool;
  await pool.query('delete from applications');
  await pool.query("delete from users where role <> 'admin'");
  await pool.query('delete from email_outbox');
  await pool.query(`update settings set review = '{"ranking": "raw"}', hacker_decisions_released = false`);
  const reviewer = await buildReviewer(ctx.database.db);
  const base = Date.UTC(2025, 5, 1);
  const apps = await seedApplications(ctx, 13, (i) => ({
    firstName: `Hacker${i}`,
    lastName: `L${i}`,
    role: i === 12 ? 'mentor' : 'hacker',
    submittedAt: new Date(base + i * 60_000),
  }));
  ranked = apps.slice(0, 10).map((a) => a.id);
  flaggedId = apps[10]!.id;
  unreviewedId = apps[11]!.id;
  mentorId = apps[12]!.id;
  await addReviews(ctx.database.db, [
    ...ranked.map((id, i) => ({ applicationId: id, reviewerId: reviewer.id, total: 5 - i * 0.4 })),
    { applicationId: flaggedId, reviewerId: reviewer.id, total: 5, flag: 'spam', flagReason: 'ads' },
    { applicationId: mentorId, reviewerId: reviewer.id, total: 5, role: 'mentor' },
  ]);
});

async function preview(body: Record<string, unknown>): Promise<DecideByScorePreview> {
  const res = await call('POST', '/api/admin/decide-by-score/preview', body);
  expect(res.statusCode, res.body).toBe(200);
  return decideByScorePreviewSchema.parse(res.json());
}

async function statuses(): Promise<Map<string, string>> {
  const { rows } = await ctx.database.pool.query<{ id: string; status: string }>(
    'select id, status from applications',
  );
  return new Map(rows.map((r) => [r.id, r.status]));
}

const CHOICE = { role: 'hacker', accept_top: 3, waitlist_next: 2, reject_rest: true };

describe('deciding by score', () => {
  it('previews the bands: counts, cut-offs, first and last names; flagged and unreviewed left out', async () => {
    const p = await preview(CHOICE);
    expect(p).toMatchObject({
      role: 'hacker',
      ranking: 'raw',
      considered: 10,
      excluded_flagged: 1,
      changes: 10,
    });
    const [accept, waitlist, reject] = p.bands;
    expect(accept).toMatchObject({ status: 'accepted', count: 3, max_score: 5, min_score: 4.2 });
    expect(accept!.first.map((x) => x.name)).toEqual(['Hacker0 L0', 'Hacker1 L1', 'Hacker2 L2']);
    expect(accept!.last).toEqual([]);
    expect(waitlist).toMatchObject({ status: 'waitlisted', count: 2, max_score: 3.8, min_score: 3.4 });
    expect(reject).toMatchObject({ status: 'rejected', count: 5, max_score: 3, min_score: 1.4 });
    expect(reject!.first.map((x) => x.id)).toEqual(ranked.slice(5, 8));
    expect(reject!.last.map((x) => x.id)).toEqual(ranked.slice(8));
    expect(JSON.stringify(p)).not.toContain(unreviewedId);

    const withFlagged = await preview({ ...CHOICE, include_flagged: true });
    expect(withFlagged).toMatchObject({ considered: 11, excluded_flagged: 0 });
    // Equal scores: who submitted first comes first.
    expect(withFlagged.bands[0]!.first.map((x) => x.id)).toEqual([ranked[0], flaggedId, ranked[1]]);
  });

  it('apply does exactly what the preview showed, through bulk status, hidden until release', async () => {
    const plan = await planByScore(
      ctx.database.db,
      { role: 'hacker', accept_top: 3, waitlist_next: 2, reject_rest: true, include_flagged: false },
      await readScoreRules(ctx.database.db),
    );
    const p = await preview(CHOICE);
    const res = await call('POST', '/api/admin/decide-by-score/apply', {
      ...CHOICE,
      confirm: String(p.changes),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(decideByScorePreviewSchema.parse(res.json())).toEqual(p);

    const now = await statuses();
    for (const band of plan.bands) {
      for (const m of band.members) expect(now.get(m.id)).toBe(band.status);
    }
    expect(plan.bands.map((b) => b.members.map((m) => m.id))).toEqual([
      ranked.slice(0, 3),
      ranked.slice(3, 5),
      ranked.slice(5),
    ]);
    for (const untouched of [flaggedId, unreviewedId, mentorId]) expect(now.get(untouched)).toBe('pending');

    // The bulk status path: one audit row per application, one for the whole; no e-mail before release.
    const rows = await auditRows(ctx, 'application', ranked[0]);
    expect(rows.map((r) => r.action)).toEqual(['application.bulk_status']);
    const whole = (await auditRows(ctx, 'bulk')).filter((r) => r.action === 'decisions.by_score');
    expect(whole.at(-1)!.after).toMatchObject({ changes: 10, role: 'hacker', accept_top: 3 });
    expect(await countRows(ctx, "select 1 from email_outbox where kind like 'decision_%'")).toBe(0);

    // Releasing announces them, as for any bulk status change.
    const release = await call('POST', '/api/admin/decisions/release', { role: 'hacker' });
    expect(release.statusCode).toBe(200);
    expect(await countRows(ctx, "select 1 from email_outbox where kind like 'decision_%'")).toBe(10);
  });

  it('once released, deciding by score e-mails the new decisions at once, as bulk status does', async () => {
    await call('POST', '/api/admin/decisions/release', { role: 'hacker' });
    const res = await call('POST', '/api/admin/decide-by-score/apply', {
      role: 'hacker',
      accept_top: 2,
      confirm: '2',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await countRows(ctx, "select 1 from email_outbox where kind = 'decision_accepted'")).toBe(2);
  });

  it('refuses a confirmation that is not the number of changes, and changes nothing', async () => {
    for (const confirm of ['9', '', 'yes', '10 ']) {
      const res = await call('POST', '/api/admin/decide-by-score/apply', { ...CHOICE, confirm });
      if (confirm === '10 ') {
        // Spaces around the typed number are forgiven.
        expect(res.statusCode, res.body).toBe(200);
        continue;
      }
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
      expect(res.json().error).toContain('Type 10 to confirm');
      expect([...(await statuses()).values()].every((s) => s === 'pending')).toBe(true);
    }
  });

  it('answers 400 when nothing would change, and a status limits the candidates', async () => {
    const none = await call('POST', '/api/admin/decide-by-score/apply', { role: 'hacker', confirm: '0' });
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().error).toMatch(/Nothing would change/);
    await ctx.database.pool.query("update applications set status = 'waitlisted' where id = any($1)", [
      ranked.slice(0, 4),
    ]);
    const p = await preview({ role: 'hacker', status: 'waitlisted', accept_top: 1, reject_rest: true });
    expect(p.considered).toBe(4);
    expect(p.bands.map((b) => b.count)).toEqual([1, 3]);
    // Re-deciding the waitlist: the accepted one and the rejected three change.
    expect(p.changes).toBe(4);
    expect((await preview({ role: 'hacker', accept_top: 10 })).considered).toBe(6);
  });

  it('is all or nothing: a failure on the last application leaves every status as it was', async () => {
    const last = ranked.at(-1)!;
    const before = (await auditRows(ctx, 'bulk')).length;
    const res = await withPoisonedAudit(ctx, last, () =>
      call('POST', '/api/admin/decide-by-score/apply', { ...CHOICE, confirm: '10' }),
    );
    expect(res.statusCode).toBe(500);
    expect([...(await statuses()).values()].every((s) => s === 'pending')).toBe(true);
    expect(await auditRows(ctx, 'bulk')).toHaveLength(before);
  });

  it('validates the body with a clear message', async () => {
    for (const body of [
      { role: 'judge', accept_top: 1 },
      { role: 'hacker', accept_top: -1 },
      { role: 'hacker', accept_top: 1, extra: true },
    ]) {
      const res = await call('POST', '/api/admin/decide-by-score/preview', body);
      expect(res.statusCode).toBe(400);
    }
    const noConfirm = await call('POST', '/api/admin/decide-by-score/apply', {
      role: 'hacker',
      accept_top: 1,
    });
    expect(noConfirm.statusCode).toBe(400);
  });
});
