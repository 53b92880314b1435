import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REVIEW_HOLD_MINUTES, reviewNextResponseSchema } from '@lanyard/shared/review';
import { countRows } from '../../../test/admin';
import { createTestContext, type TestContext } from '../../../test/helper';
import {
  expireHolds,
  hackerScores,
  reviewColumns,
  reviewerSession,
  submittedApplications,
  type ReviewerSession,
} from '../../../test/review';
import { forgetRemaining } from './progress';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// Each test works on a queue of its own.
beforeEach(async () => {
  await ctx.database.pool.query('delete from applications');
  // The queue count is kept per instance between counts; this test empties the queue behind its back.
  forgetRemaining(ctx.database.db);
});

async function review(r: ReviewerSession, applicationId: string, score = 3) {
  const res = await r.call('POST', `/api/review/${applicationId}`, hackerScores(score));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/review/next', () => {
  it('hands out the oldest submitted application first, held for a few minutes', async () => {
    const apps = await submittedApplications(ctx, 3);
    // A decided application is never in the queue, even when older.
    await submittedApplications(ctx, 1, () => ({ status: 'accepted', submittedAt: new Date(0) }));
    const r = await reviewerSession(ctx);
    const res = await r.call('GET', '/api/review/next');
    expect(res.statusCode).toBe(200);
    const body = reviewNextResponseSchema.parse(res.json());
    expect(body.application?.id).toBe(apps[0]!.id);
    expect(body.criteria?.map((c) => c.id)).toEqual(['experience', 'motivation', 'creativity']);
    expect(body.review).toBeNull();
    expect(body.editable).toBe(true);
    const heldFor = Date.parse(body.held_until!) - Date.now();
    expect(heldFor).toBeGreaterThan((REVIEW_HOLD_MINUTES - 1) * 60_000);
    expect(heldFor).toBeLessThanOrEqual(REVIEW_HOLD_MINUTES * 60_000 + 1000);
    expect(body.progress).toEqual({ reviewed: 0, remaining: 3 });
  });

  it('hands out applications as a submit stores them ("pending") and as an admin may set them ("submitted")', async () => {
    const [stored] = await submittedApplications(ctx, 1, () => ({
      status: 'pending',
      submittedAt: new Date(1000),
    }));
    const [set] = await submittedApplications(ctx, 1, () => ({
      status: 'submitted',
      submittedAt: new Date(2000),
    }));
    const a = await reviewerSession(ctx);
    const b = await reviewerSession(ctx);
    expect((await a.next()).application?.id).toBe(stored!.id);
    expect((await b.next()).application?.id).toBe(stored!.id);
    const c = await reviewerSession(ctx);
    expect((await c.next()).application?.id).toBe(set!.id);
  });

  it('returns the reviewer’s live hold again on the next call', async () => {
    const apps = await submittedApplications(ctx, 3);
    const r = await reviewerSession(ctx);
    const first = await r.next();
    const again = await r.next();
    expect(again.application?.id).toBe(first.application?.id);
    expect(again.held_until).toBe(first.held_until);
    expect(first.application?.id).toBe(apps[0]!.id);
    expect(await countRows(ctx, 'select 1 from review_holds where reviewer_id = $1', [r.id])).toBe(1);
  });

  it('gives each application to at most k reviewers (reviews plus live holds)', async () => {
    const apps = await submittedApplications(ctx, 2);
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => reviewerSession(ctx)));
    expect((await a!.next()).application?.id).toBe(apps[0]!.id);
    expect((await b!.next()).application?.id).toBe(apps[0]!.id);
    // k = 2: the oldest is full (two holds); the third reviewer gets the next one.
    expect((await c!.next()).application?.id).toBe(apps[1]!.id);
    await review(a!, apps[0]!.id);
    // One review and one hold: still full.
    expect((await d!.next()).application?.id).toBe(apps[1]!.id);
    expect((await e!.next()).application).toBeNull();
    await review(b!, apps[0]!.id);
    expect(await reviewColumns(ctx, apps[0]!.id)).toMatchObject({ review_count: 2, review_complete: true });
    // Complete: never handed out again, not even once every hold is gone.
    await expireHolds(ctx);
    const f = await reviewerSession(ctx);
    expect((await f.next()).application?.id).toBe(apps[1]!.id);
    const g = await reviewerSession(ctx);
    expect((await g.next()).application?.id).toBe(apps[1]!.id);
    expect((await (await reviewerSession(ctx)).next()).application).toBeNull();
  });

  it('gives an application again once a hold on it has expired', async () => {
    const [app] = await submittedApplications(ctx, 1);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => reviewerSession(ctx)));
    await a!.next();
    await b!.next();
    expect((await c!.next()).application).toBeNull();
    await expireHolds(ctx, app!.id);
    // a's hold ran out: a is given the application again (a fresh hold), and so is c.
    expect((await c!.next()).application?.id).toBe(app!.id);
    expect((await a!.next()).application?.id).toBe(app!.id);
    // b's expired hold was cleared and b's slot went to c; the application is full again.
    expect((await b!.next()).application).toBeNull();
    expect(await countRows(ctx, 'select 1 from review_holds where expires_at > now()')).toBe(2);
  });

  it('never returns an application the reviewer skipped or reviewed; a skip is not a review', async () => {
    const apps = await submittedApplications(ctx, 3);
    const r = await reviewerSession(ctx);
    expect((await r.next()).application?.id).toBe(apps[0]!.id);
    const skipped = await r.call('POST', `/api/review/${apps[0]!.id}/skip`, { reason: 'conflict' });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json()).toEqual({ progress: { reviewed: 0, remaining: 3 } });
    expect(await reviewColumns(ctx, apps[0]!.id)).toMatchObject({ review_count: 0 });
    expect((await r.next()).application?.id).toBe(apps[1]!.id);
    await review(r, apps[1]!.id);
    expect((await r.next()).application?.id).toBe(apps[2]!.id);
    await review(r, apps[2]!.id);
    // Even with every hold gone, nothing is left for this reviewer.
    await expireHolds(ctx);
    expect((await r.next()).application).toBeNull();
    // Another reviewer still gets the skipped one, first.
    expect((await (await reviewerSession(ctx)).next()).application?.id).toBe(apps[0]!.id);
    // The skip was recorded with its reason, and audited.
    const { rows } = await ctx.database.pool.query(
      'select reason from review_skips where reviewer_id = $1 and application_id = $2',
      [r.id, apps[0]!.id],
    );
    expect(rows).toEqual([{ reason: 'conflict' }]);
    expect(
      await countRows(ctx, "select 1 from audit_log where action = 'review.skip' and target_id = $1", [
        apps[0]!.id,
      ]),
    ).toBe(1);
  });

  it('never gives a reviewer or admin their own application', async () => {
    const admin = await reviewerSession(ctx, 'admin');
    // The admin applied from their own account, and again from their address (another account).
    await ctx.database.pool.query(
      `insert into applications (user_id, role, status, first_name, last_name, email, submitted_at)
       values ($1, 'hacker', 'submitted', 'Own', 'Application', $2, '2020-01-01')`,
      [admin.id, admin.email],
    );
    await submittedApplications(ctx, 1, () => ({
      email: admin.email.toUpperCase(),
      submittedAt: new Date(1),
    }));
    const other = await submittedApplications(ctx, 1);
    expect((await admin.next()).application?.id).toBe(other[0]!.id);
    const own = await ctx.database.pool.query<{ id: string }>(
      'select id from applications where user_id = $1',
      [admin.id],
    );
    const res = await admin.call('POST', `/api/review/${own.rows[0]!.id}`, hackerScores());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You cannot review your own application.', code: 'own_application' });
    const skip = await admin.call('POST', `/api/review/${own.rows[0]!.id}/skip`, { reason: 'conflict' });
    expect(skip.statusCode).toBe(403);
  });

  it('gives a disputed application one more review (k + 1), then it is complete', async () => {
    const [app] = await submittedApplications(ctx, 1);
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => reviewerSession(ctx)));
    await a!.next();
    await b!.next();
    await review(a!, app!.id, 5);
    await review(b!, app!.id, 1);
    // Totals 5 and 1 differ by more than the threshold (1.5).
    expect(await reviewColumns(ctx, app!.id)).toEqual({
      review_count: 2,
      review_score_raw: 3,
      review_flagged: false,
      review_disputed: true,
      review_complete: false,
    });
    expect((await c!.next()).application?.id).toBe(app!.id);
    expect((await d!.next()).application).toBeNull();
    await review(c!, app!.id, 4);
    expect(await reviewColumns(ctx, app!.id)).toMatchObject({
      review_count: 3,
      review_disputed: true,
      review_complete: true,
    });
    await expireHolds(ctx);
    expect((await d!.next()).application).toBeNull();
  });

  it('counts progress: the reviewer’s reviews and the applications still short of reviews', async () => {
    const apps = await submittedApplications(ctx, 2);
    const [a, b] = await Promise.all([1, 2].map(() => reviewerSession(ctx)));
    await a!.next();
    const submitted = await review(a!, apps[0]!.id);
    expect(submitted.progress).toEqual({ reviewed: 1, remaining: 2 });
    await b!.next();
    const second = await review(b!, apps[0]!.id);
    expect(second.progress).toEqual({ reviewed: 1, remaining: 1 });
    expect((await a!.next()).progress).toEqual({ reviewed: 1, remaining: 1 });
  });
});
