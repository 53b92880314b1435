import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CALIBRATION_MIN_REVIEWS } from '@lanyard/shared/review';
import { seedApplications } from '../../test/admin';
import { createTestContext, type TestContext } from '../../test/helper';
import { addReviews, buildReviewer, type ReviewSpec } from '../../test/reviews';
import {
  configureReviewScores,
  readScoreRules,
  recomputeSnapshot,
  refreshSnapshot,
  reviewScores,
  type ScoreRules,
} from './review-scores';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  // A refresh an earlier test started writes review_scores rows that reference applications: the
  // delete below would deadlock with it (CI saw it once).
  await refreshSnapshot.running();
  await ctx.database.pool.query('delete from applications');
  await ctx.database.pool.query("delete from users where role <> 'admin'");
  await ctx.database.pool.query('update settings set review = null');
});

type Scored = {
  application_id: string;
  role: string;
  score_raw: number;
  score_calibrated: number;
  score: number;
  rank: number;
};

async function scores(rules?: ScoreRules): Promise<Map<string, Scored>> {
  const r = rules ?? (await readScoreRules(ctx.database.db));
  const { rows } = await ctx.database.db.execute<Scored>(sql`select * from ${reviewScores(r)} s`);
  return new Map(rows.map((row) => [row.application_id, row]));
}

async function applicants(n: number, role: 'hacker' | 'mentor' = 'hacker'): Promise<string[]> {
  return (await seedApplications(ctx, n, () => ({ role }))).map((a) => a.id);
}

describe('calibration on known numbers', () => {
  it('a reviewer who gives everyone 5 and one who gives everyone 2 rank people the same once calibrated; raw puts the first one’s on top', async () => {
    const lenient = await buildReviewer(ctx.database.db);
    const harsh = await buildReviewer(ctx.database.db);
    const ofLenient = await applicants(12);
    const ofHarsh = await applicants(12);
    await addReviews(ctx.database.db, [
      ...ofLenient.map((id) => ({ applicationId: id, reviewerId: lenient.id, total: 5 })),
      ...ofHarsh.map((id) => ({ applicationId: id, reviewerId: harsh.id, total: 2 })),
    ]);
    const s = await scores();
    const all = [...ofLenient, ...ofHarsh].map((id) => s.get(id)!);
    // Neither reviewer tells their applicants apart: each applicant is at the role's mean, tied first.
    expect(new Set(all.map((a) => a.score_calibrated))).toEqual(new Set([3.5]));
    expect(new Set(all.map((a) => a.rank))).toEqual(new Set([1]));
    expect(all.every((a) => a.score === a.score_calibrated)).toBe(true);

    const raw = await scores({ ...(await readScoreRules(ctx.database.db)), ranking: 'raw' });
    expect(ofLenient.map((id) => raw.get(id)!.rank)).toEqual(ofLenient.map(() => 1));
    expect(ofHarsh.map((id) => raw.get(id)!.rank)).toEqual(ofHarsh.map(() => 13));
  });

  it('a reviewer shifted by +2 on the same pattern as another gives identical calibrated scores', async () => {
    const pattern = [1, 1.5, 2, 2.5, 3, 1, 2, 3, 1.333, 2.667, 1.2, 2.8];
    const a = await buildReviewer(ctx.database.db);
    const b = await buildReviewer(ctx.database.db);
    const ofA = await applicants(pattern.length);
    const ofB = await applicants(pattern.length);
    await addReviews(ctx.database.db, [
      ...ofA.map((id, i) => ({ applicationId: id, reviewerId: a.id, total: pattern[i]! })),
      ...ofB.map((id, i) => ({ applicationId: id, reviewerId: b.id, total: pattern[i]! + 2 })),
    ]);
    const s = await scores();
    for (let i = 0; i < pattern.length; i++) {
      const x = s.get(ofA[i]!)!;
      const y = s.get(ofB[i]!)!;
      expect(y.score_raw - x.score_raw).toBeCloseTo(2, 9);
      expect(y.score_calibrated).toBe(x.score_calibrated);
      expect(y.rank).toBe(x.rank);
    }
    // The pattern's order is kept: the best of each reviewer shares the first rank.
    const best = pattern.indexOf(Math.max(...pattern));
    expect(s.get(ofA[best]!)!.rank).toBe(1);
    expect(s.get(ofB[best]!)!.rank).toBe(1);
  });

  it('matches the formula worked out by hand: own z from 10 reviews, the role’s before that, zero spread, deleted reviewers, the clamp', async () => {
    const db = ctx.database.db;
    const steady = await buildReviewer(db); // 12 reviews, real spread: own z
    const flat = await buildReviewer(db); // 10 reviews, all 4: zero spread, z = 0
    const fresh = await buildReviewer(db); // 3 reviews: against the role
    const gone = await buildReviewer(db); // 4 reviews, then deleted: against the role
    const ids = await applicants(14);
    const specs: ReviewSpec[] = [];
    const steadyTotals = [1, 1.2, 1.4, 2, 2.2, 3, 3.1, 3.3, 4, 4.6, 5, 5];
    steadyTotals.forEach((t, i) => specs.push({ applicationId: ids[i]!, reviewerId: steady.id, total: t }));
    for (let i = 0; i < 10; i++) specs.push({ applicationId: ids[13 - i]!, reviewerId: flat.id, total: 4 });
    [4.8, 2.5, 1].forEach((t, i) =>
      specs.push({ applicationId: ids[i * 4]!, reviewerId: fresh.id, total: t }),
    );
    [5, 1, 3.7, 2.9].forEach((t, i) =>
      specs.push({ applicationId: ids[i * 3 + 1]!, reviewerId: gone.id, total: t }),
    );
    await addReviews(db, specs);
    await ctx.database.pool.query('delete from users where id = $1', [gone.id]);

    // The reference: the same rule, written plainly.
    const totals = specs.map((s) => s.total);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = (xs: number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)));
    const roleMean = mean(totals);
    const roleSd = sd(totals);
    const byReviewer = (id: string) => specs.filter((s) => s.reviewerId === id).map((s) => s.total);
    const z = (s: ReviewSpec) => {
      const own = byReviewer(s.reviewerId);
      if (s.reviewerId !== gone.id && own.length >= CALIBRATION_MIN_REVIEWS) {
        return sd(own) > 0 ? (s.total - mean(own)) / sd(own) : 0;
      }
      return (s.total - roleMean) / roleSd;
    };
    const got = await scores();
    for (const id of ids) {
      const mine = specs.filter((s) => s.applicationId === id);
      const calibrated = Math.min(5, Math.max(1, roleMean + roleSd * mean(mine.map(z))));
      expect(got.get(id)!.score_calibrated).toBeCloseTo(calibrated, 3);
      expect(got.get(id)!.score_raw).toBeCloseTo(mean(mine.map((s) => s.total)), 3);
      expect(got.get(id)!.score_calibrated).toBeGreaterThanOrEqual(1);
      expect(got.get(id)!.score_calibrated).toBeLessThanOrEqual(5);
    }
    // Ranks follow the calibrated score (the default), ties sharing one.
    const sorted = [...got.values()].sort((x, y) => y.score - x.score);
    for (const row of sorted) expect(row.rank).toBe(1 + sorted.filter((o) => o.score > row.score).length);
  });

  it('ranks each role on its own, and the raw setting ranks by the raw score', async () => {
    const r = await buildReviewer(ctx.database.db);
    const hackers = await applicants(3);
    const mentors = await applicants(2, 'mentor');
    await addReviews(ctx.database.db, [
      ...hackers.map((id, i) => ({ applicationId: id, reviewerId: r.id, total: 2 + i })),
      ...mentors.map((id, i) => ({
        applicationId: id,
        reviewerId: r.id,
        total: 1 + i,
        role: 'mentor' as const,
      })),
    ]);
    await ctx.database.pool.query(`update settings set review = '{"ranking": "raw"}'`);
    const s = await scores();
    expect(hackers.map((id) => s.get(id)!.rank)).toEqual([3, 2, 1]);
    expect(mentors.map((id) => s.get(id)!.rank)).toEqual([2, 1]);
    expect(hackers.map((id) => s.get(id)!.score)).toEqual([2, 3, 4]);
  });

  it('reads reviews in two passes whatever their number (statistics, then scores)', async () => {
    const rules = await readScoreRules(ctx.database.db);
    const q = new PgDialect().sqlToQuery(sql`select * from ${reviewScores(rules)} s`);
    const { rows } = await ctx.database.pool.query<{ 'QUERY PLAN': string }>(`explain ${q.sql}`, q.params);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan.match(/Scan on reviews/g)).toHaveLength(2);
  });
});

describe('the kept snapshot of scores', () => {
  // A refresh an earlier read started in the background holds the refresh lock until it ends: a
  // direct recompute meanwhile would do nothing.
  beforeEach(async () => {
    await refreshSnapshot.running();
  });

  async function snapshotRows(): Promise<Map<string, Scored>> {
    const { rows } = await ctx.database.db.execute<Scored>(sql`select * from derived.review_scores`);
    return new Map(rows.map((row) => [row.application_id, row]));
  }

  it('is read once it has seen every review, and equals the scores computed on the spot', async () => {
    const reviewer = await buildReviewer(ctx.database.db);
    const ids = await applicants(3);
    await addReviews(
      ctx.database.db,
      ids.map((id, i) => ({ applicationId: id, reviewerId: reviewer.id, total: 2 + i })),
    );
    // Behind the reviews: computed on the spot, and a refresh starts.
    expect((await readScoreRules(ctx.database.db)).source).toBeUndefined();
    await refreshSnapshot.running();
    const rules = await readScoreRules(ctx.database.db);
    expect(rules.source).toBeDefined();
    const computed = await scores(await readScoreRules(ctx.database.db, { exact: true }));
    expect(await scores(rules)).toEqual(computed);
    expect(await snapshotRows()).toEqual(computed);

    // Any change to the reviews (here an edit) makes it stale at once.
    await ctx.database.pool.query('update reviews set total = 5 where application_id = $1', [ids[0]]);
    expect((await readScoreRules(ctx.database.db)).source).toBeUndefined();
    await refreshSnapshot.running();
    expect((await snapshotRows()).get(ids[0]!)!.score_raw).toBe(5);
  });

  it('is not used for other rules (ranking by raw for once), nor after the ranking setting changes', async () => {
    const reviewer = await buildReviewer(ctx.database.db);
    const ids = await applicants(2);
    await addReviews(ctx.database.db, [
      { applicationId: ids[0]!, reviewerId: reviewer.id, total: 2 },
      { applicationId: ids[1]!, reviewerId: reviewer.id, total: 4 },
    ]);
    await refreshSnapshot.running();
    await recomputeSnapshot(ctx.database.db);
    const rules = await readScoreRules(ctx.database.db);
    expect(rules.source).toBeDefined();
    const raw = { ...rules, ranking: 'raw' as const };
    expect(new PgDialect().sqlToQuery(reviewScores(raw)).sql).toContain('from "reviews"');
    await ctx.database.pool.query(`update settings set review = '{"ranking": "raw"}'::jsonb`);
    expect((await readScoreRules(ctx.database.db)).source).toBeUndefined();
  });

  it('may be served up to the configured age while a fresher one is computed', async () => {
    const reviewer = await buildReviewer(ctx.database.db);
    const ids = await applicants(2);
    await addReviews(ctx.database.db, [{ applicationId: ids[0]!, reviewerId: reviewer.id, total: 3 }]);
    await refreshSnapshot.running();
    await recomputeSnapshot(ctx.database.db);
    configureReviewScores({ db: ctx.database.db, maxAgeMs: 60_000 });
    try {
      await addReviews(ctx.database.db, [{ applicationId: ids[1]!, reviewerId: reviewer.id, total: 4 }]);
      const stale = await readScoreRules(ctx.database.db);
      expect(stale.source).toBeDefined();
      await refreshSnapshot.running();
      expect((await snapshotRows()).has(ids[1]!)).toBe(true);
    } finally {
      configureReviewScores({ db: ctx.database.db, maxAgeMs: 0 });
    }
  });
});
