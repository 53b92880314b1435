import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewersResponseSchema } from '@lanyard/shared/review';
import { asUser, seedApplications } from '../../../test/admin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { addReviews, buildReviewer } from '../../../test/reviews';
import { createSession } from '../auth/sessions';
import { reviewersView } from './service';

let ctx: TestContext;
let call: ReturnType<typeof asUser>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = asUser(ctx, (await createAdmin(ctx)).token);
});
afterAll(() => ctx.close());

const DAY = 86_400_000;

describe('GET /api/admin/reviewers', () => {
  it('per reviewer: reviews, mean and spread of totals, median time, skips, last review; then progress and pace', async () => {
    const db = ctx.database.db;
    const now = new Date();
    const busy = await buildReviewer(db);
    const idle = await buildReviewer(db);
    const adminReviewer = await buildReviewer(db, 'admin');
    const apps = await seedApplications(ctx, 5, () => ({}));
    const decided = await seedApplications(ctx, 1, () => ({ status: 'accepted' }));
    const [a, b, c, d] = apps.map((x) => x.id);
    await addReviews(db, [
      {
        applicationId: a!,
        reviewerId: busy.id,
        total: 2,
        durationMs: 30_000,
        createdAt: new Date(now.getTime() - DAY),
      },
      {
        applicationId: b!,
        reviewerId: busy.id,
        total: 4,
        durationMs: 90_000,
        createdAt: new Date(now.getTime() - DAY),
      },
      {
        applicationId: c!,
        reviewerId: busy.id,
        total: 3,
        durationMs: null,
        createdAt: new Date(now.getTime() - 10 * DAY),
      },
      { applicationId: a!, reviewerId: adminReviewer.id, total: 2.5, durationMs: 60_000 },
      // 1 against 5: disputed, it needs a third review.
      { applicationId: d!, reviewerId: adminReviewer.id, total: 5 },
      { applicationId: d!, reviewerId: idle.id, total: 1, createdAt: new Date(now.getTime() - 5 * DAY) },
      {
        applicationId: decided[0]!.id,
        reviewerId: idle.id,
        total: 3,
        createdAt: new Date(now.getTime() - 5 * DAY),
      },
    ]);
    await ctx.database.pool.query(
      "insert into review_skips (application_id, reviewer_id, reason) values ($1, $2, 'conflict'), ($3, $2, 'not_comfortable')",
      [apps[4]!.id, idle.id, b],
    );
    const quiet = await buildReviewer(db); // a reviewer who has not started

    const res = await call('GET', '/api/admin/reviewers');
    expect(res.statusCode, res.body).toBe(200);
    const body = reviewersResponseSchema.parse(res.json());
    const by = new Map(body.reviewers.map((r) => [r.reviewer_id, r]));
    expect(by.get(busy.id)).toMatchObject({
      email: busy.email,
      role: 'reviewer',
      reviews: 3,
      mean: 3,
      spread: 0.816, // population standard deviation of 2, 3, 4
      median_seconds: 60,
      skips: 0,
    });
    expect(by.get(adminReviewer.id)).toMatchObject({ role: 'admin', reviews: 2, mean: 3.75, spread: 1.25 });
    expect(by.get(idle.id)).toMatchObject({ reviews: 2, skips: 2 });
    expect(by.get(quiet.id)).toMatchObject({
      reviews: 0,
      mean: null,
      spread: null,
      median_seconds: null,
      last_review_at: null,
    });
    // The admin who created no review is not a reviewer.
    expect(body.reviewers.every((r) => r.role !== 'admin' || r.reviews > 0)).toBe(true);
    expect(body.reviewers[0]!.reviewer_id).toBe(busy.id);

    // Five awaiting a decision (the accepted one is done): a has 2, b 1, c 1, d 2 of 3, e none.
    expect(body.progress).toMatchObject({
      applications: 5,
      reviews_done: 6,
      reviews_needed: 0 + 1 + 1 + 1 + 2,
      fully_reviewed: 1,
    });
    // Four reviews in the last three days (a, b by busy; a, d by the admin).
    expect(body.progress.pace_per_day).toBe(1.3);
    const finish = Date.parse(body.progress.estimated_finish!);
    expect(finish - Date.now()).toBeGreaterThan(3.6 * DAY);
    expect(finish - Date.now()).toBeLessThan(3.9 * DAY);
  });

  it('has no finish date without a pace', async () => {
    const view = await reviewersView(ctx.database.db, new Date(Date.now() + 30 * DAY));
    expect(view.progress).toMatchObject({ pace_per_day: 0, estimated_finish: null });
  });
});

describe('the admin review routes refuse reviewers', () => {
  it('GET reviewers, an application’s reviews, and deciding by score answer 403 to a reviewer', async () => {
    const reviewer = await buildReviewer(ctx.database.db);
    const token = await createSession(ctx.database.db, ctx.config.sessionSecret, reviewer.id, {});
    const asReviewer = asUser(ctx, token);
    const [app] = await seedApplications(ctx, 1, () => ({}));
    const body = { role: 'hacker', accept_top: 1 };
    for (const [method, url, payload] of [
      ['GET', '/api/admin/reviewers', undefined],
      ['GET', `/api/admin/applications/${app!.id}/reviews`, undefined],
      ['GET', '/api/admin/applications?sort=score', undefined],
      ['POST', '/api/admin/decide-by-score/preview', body],
      ['POST', '/api/admin/decide-by-score/apply', { ...body, confirm: '1' }],
    ] as const) {
      const res = await asReviewer(method, url, payload);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
    }
  });
});
