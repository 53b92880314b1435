import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_REVIEW_SETTINGS,
  DEFAULT_RUBRIC,
  myReviewsResponseSchema,
  reviewNextResponseSchema,
  reviewSettingsSchema,
  submitReviewResponseSchema,
  type RubricCriterion,
} from '@lanyard/shared/review';
import { auditRows, countRows, withPoisonedAudit } from '../../../test/admin';
import { createTestContext, type TestContext } from '../../../test/helper';
import {
  hackerScores,
  releaseDecisions,
  reviewColumns,
  reviewerSession,
  submittedApplications,
  type ReviewerSession,
} from '../../../test/review';
import { forgetRemaining } from './progress';

let ctx: TestContext;
let admin: ReviewerSession;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await reviewerSession(ctx, 'admin');
});
afterAll(() => ctx.close());

beforeEach(async () => {
  await ctx.database.pool.query('delete from applications');
  // The queue count is kept per instance between counts; this test empties the queue behind its back.
  forgetRemaining(ctx.database.db);
  await ctx.database.pool.query(
    'update settings set review = null, hacker_decisions_released = false, mentor_decisions_released = false',
  );
});

/** A reviewer holding the oldest application (made here unless given). */
async function holding(applicationId?: string): Promise<{ r: ReviewerSession; id: string }> {
  const id = applicationId ?? (await submittedApplications(ctx, 1))[0]!.id;
  const r = await reviewerSession(ctx);
  expect((await r.next()).application?.id).toBe(id);
  return { r, id };
}

describe('POST /api/review/:applicationId', () => {
  it('stores the scores, the weighted total, the note and the flag, and answers with the review', async () => {
    const { r, id } = await holding();
    const res = await r.call('POST', `/api/review/${id}`, {
      scores: { experience: 5, motivation: 4, creativity: 3 },
      note: '  Strong essays  ',
      flag: 'duplicate',
      flag_reason: 'Same essays as another application',
      duration_ms: 90_000,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = submitReviewResponseSchema.parse(res.json());
    expect(body.review).toMatchObject({
      scores: { experience: 5, motivation: 4, creativity: 3 },
      total: 4,
      note: 'Strong essays',
      flag: 'duplicate',
      flag_reason: 'Same essays as another application',
    });
    expect(body.progress).toEqual({ reviewed: 1, remaining: 1 });
    expect(await reviewColumns(ctx, id)).toEqual({
      review_count: 1,
      review_score_raw: 4,
      review_flagged: true,
      review_disputed: false,
      review_complete: false,
    });
    // The hold is released by the review.
    expect(await countRows(ctx, 'select 1 from review_holds where application_id = $1', [id])).toBe(0);
    const [row] = await auditRows(ctx, 'application', id);
    expect(row).toMatchObject({ action: 'review.submit', actor_email: r.email, before: null });
    expect(row!.after).toMatchObject({ total: 4, note: 'Strong essays', flag: 'duplicate' });
  });

  it('refuses a score outside the scale, an unknown criterion and a missing one, changing nothing', async () => {
    const { r, id } = await holding();
    const cases: [unknown, string][] = [
      [
        hackerScores(3, { motivation: 6 }),
        'scores: “Motivation” is scored from 1 to 5; 6 is outside that scale.',
      ],
      [
        hackerScores(3, { motivation: 0 }),
        'scores: “Motivation” is scored from 1 to 5; 0 is outside that scale.',
      ],
      [
        hackerScores(3, { charisma: 2 }),
        'scores: “charisma” is not a criterion of the hacker rubric (experience, motivation, creativity).',
      ],
      [
        { scores: { experience: 3, creativity: 3 } },
        'scores: Score every criterion: “Motivation” has no score.',
      ],
    ];
    for (const [payload, error] of cases) {
      const res = await r.call('POST', `/api/review/${id}`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error, code: 'validation_error' });
    }
    for (const [payload, field] of [
      [hackerScores(3, { motivation: 2.5 }), 'scores.motivation'],
      [{ ...hackerScores(), flag: 'spam' }, 'flag_reason'],
      [{ ...hackerScores(), extra: 1 }, 'extra'],
      [{ ...hackerScores(), flag: 'rude', flag_reason: 'x' }, 'flag'],
    ] as const) {
      const res = await r.call('POST', `/api/review/${id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toContain(field);
    }
    expect(await countRows(ctx, 'select 1 from reviews')).toBe(0);
    expect(await reviewColumns(ctx, id)).toMatchObject({ review_count: 0 });
  });

  it('refuses an application the reviewer does not hold once it has the reviews it needs', async () => {
    const [app, other] = await submittedApplications(ctx, 2);
    const a = await holding(app!.id);
    const b = await holding(app!.id);
    const outsider = await reviewerSession(ctx);
    const res = await outsider.call('POST', `/api/review/${app!.id}`, hackerScores());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'This application already has the reviews it needs. Ask for the next one.',
      code: 'review_not_available',
    });
    // Not held, but with room: a review is welcome.
    const direct = await outsider.call('POST', `/api/review/${other!.id}`, hackerScores());
    expect(direct.statusCode).toBe(200);
    // Not open for review any more.
    await ctx.database.pool.query("update applications set status = 'accepted' where id = $1", [other!.id]);
    const late = await (await reviewerSession(ctx)).call('POST', `/api/review/${other!.id}`, hackerScores());
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('This application is no longer open for review.');
    // Unknown application.
    const missing = await outsider.call('POST', `/api/review/${crypto.randomUUID()}`, hackerScores());
    expect(missing.statusCode).toBe(404);
    // A skipped application cannot be reviewed by the one who skipped it.
    await b.r.call('POST', `/api/review/${app!.id}/skip`, { reason: 'conflict' });
    const afterSkip = await b.r.call('POST', `/api/review/${app!.id}`, hackerScores());
    expect(afterSkip.statusCode).toBe(409);
    expect(afterSkip.json().error).toBe('You skipped this application.');
    expect((await a.r.call('POST', `/api/review/${app!.id}`, hackerScores())).statusCode).toBe(200);
  });

  it('lets the reviewer change their review until decisions are released for that role', async () => {
    const [hackerApp] = await submittedApplications(ctx, 1);
    const [mentorApp] = await submittedApplications(ctx, 1, () => ({
      role: 'mentor',
      submittedAt: new Date('2026-02-01T00:00:00Z'),
    }));
    const { r } = await holding(hackerApp!.id);
    expect((await r.call('POST', `/api/review/${hackerApp!.id}`, hackerScores(2))).statusCode).toBe(200);
    expect((await r.next()).application?.id).toBe(mentorApp!.id);
    const mentorScores = { scores: { expertise: 4, fit: 4 } };
    expect((await r.call('POST', `/api/review/${mentorApp!.id}`, mentorScores)).statusCode).toBe(200);

    const edit = await r.call('POST', `/api/review/${hackerApp!.id}`, {
      ...hackerScores(4),
      note: 'second look',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().review).toMatchObject({ total: 4, note: 'second look' });
    expect(edit.json().progress.reviewed).toBe(2);
    expect(await countRows(ctx, 'select 1 from reviews where reviewer_id = $1', [r.id])).toBe(2);
    expect(await reviewColumns(ctx, hackerApp!.id)).toMatchObject({ review_count: 1, review_score_raw: 4 });
    const rows = await auditRows(ctx, 'application', hackerApp!.id);
    expect(rows.map((a) => a.action)).toEqual(['review.submit', 'review.update']);
    expect(rows[1]!.before).toMatchObject({ total: 2, note: '' });
    expect(rows[1]!.after).toMatchObject({ total: 4, note: 'second look' });

    const one = reviewNextResponseSchema.parse((await r.call('GET', `/api/review/${hackerApp!.id}`)).json());
    expect(one).toMatchObject({
      editable: true,
      held_until: null,
      review: { total: 4, note: 'second look' },
    });

    await releaseDecisions(ctx, 'hacker');
    const refused = await r.call('POST', `/api/review/${hackerApp!.id}`, hackerScores(5));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'Decisions for hackers are released: this review can no longer change.',
      code: 'review_locked',
    });
    expect((await r.call('GET', `/api/review/${hackerApp!.id}`)).json().editable).toBe(false);
    // The mentors' decisions are not released: those reviews still change.
    expect(
      (await r.call('POST', `/api/review/${mentorApp!.id}`, { scores: { expertise: 5, fit: 5 } })).statusCode,
    ).toBe(200);
    const mine = myReviewsResponseSchema.parse((await r.call('GET', '/api/review/mine')).json());
    expect(mine.reviews.map((x) => [x.application_id, x.role, x.total, x.editable])).toEqual([
      [mentorApp!.id, 'mentor', 5, true],
      [hackerApp!.id, 'hacker', 4, false],
    ]);
    expect(mine.progress.reviewed).toBe(2);
  });
});

describe('reliability of a submit', () => {
  it('the same review sent five times at once is stored once', async () => {
    const { r, id } = await holding();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => r.call('POST', `/api/review/${id}`, hackerScores(4))),
    );
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await countRows(ctx, 'select 1 from reviews where application_id = $1', [id])).toBe(1);
    expect(await reviewColumns(ctx, id)).toMatchObject({ review_count: 1, review_score_raw: 4 });
  });

  it('a submit that fails part-way leaves no review, the counters and the hold as they were', async () => {
    const { r, id } = await holding();
    const res = await withPoisonedAudit(ctx, id, () => r.call('POST', `/api/review/${id}`, hackerScores(4)));
    expect(res.statusCode).toBe(500);
    expect(await countRows(ctx, 'select 1 from reviews where application_id = $1', [id])).toBe(0);
    expect(await reviewColumns(ctx, id)).toMatchObject({ review_count: 0, review_score_raw: null });
    expect(await countRows(ctx, 'select 1 from review_holds where application_id = $1', [id])).toBe(1);
    expect((await r.call('POST', `/api/review/${id}`, hackerScores(4))).statusCode).toBe(200);
  });
});

describe('one reviewer never sees another’s scores or notes', () => {
  it('holds, reviews and the history show only the caller’s own review', async () => {
    const [app] = await submittedApplications(ctx, 1);
    const a = await holding(app!.id);
    const b = await holding(app!.id);
    const secretNote = `note-of-a-${crypto.randomBytes(4).toString('hex')}`;
    const reviewA = await a.r.call('POST', `/api/review/${app!.id}`, {
      scores: { experience: 1, motivation: 2, creativity: 1 },
      note: secretNote,
      flag: 'spam',
      flag_reason: `reason-${secretNote}`,
    });
    expect(reviewA.statusCode).toBe(200);

    const seen: string[] = [];
    const held = await b.r.call('GET', `/api/review/${app!.id}`);
    expect(held.json().review).toBeNull();
    seen.push(held.body, (await b.r.call('GET', '/api/review/next')).body);
    const reviewB = await b.r.call('POST', `/api/review/${app!.id}`, hackerScores(2));
    seen.push(reviewB.body);
    const own = await b.r.call('GET', `/api/review/${app!.id}`);
    expect(own.json().review.scores).toEqual({ experience: 2, motivation: 2, creativity: 2 });
    seen.push(own.body, (await b.r.call('GET', '/api/review/mine')).body);
    for (const body of seen) {
      expect(body).not.toContain(secretNote);
      expect(body).not.toContain('"spam"');
      expect(body).not.toContain(a.r.id);
    }
    // A third reviewer, who neither holds nor reviewed it, is told nothing about it.
    const c = await reviewerSession(ctx);
    const res = await c.call('GET', `/api/review/${app!.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'You have no review of this application and do not hold it.',
      code: 'not_found',
    });
  });
});

describe('review settings (admin)', () => {
  const put = (body: unknown) => admin.call('PUT', '/api/review/settings', body);
  const hackerRubric = (change: (c: RubricCriterion) => RubricCriterion) => ({
    rubric: { ...DEFAULT_RUBRIC, hacker: DEFAULT_RUBRIC.hacker.map(change) },
  });

  it('reads the defaults, writes a subset with an audit row, and refuses reviewers', async () => {
    const res = await admin.call('GET', '/api/review/settings');
    expect(res.statusCode).toBe(200);
    expect(reviewSettingsSchema.parse(res.json())).toEqual(DEFAULT_REVIEW_SETTINGS);
    const changed = await put({ reviews_per_application: 3, ranking: 'raw' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      reviews_per_application: 3,
      ranking: 'raw',
      disagreement_threshold: 1.5,
    });
    const [row] = (await auditRows(ctx, 'settings'))
      .filter((a) => a.action === 'review.settings.update')
      .slice(-1);
    expect(row).toMatchObject({ actor_email: admin.email });
    expect(row!.before).toMatchObject({ reviews_per_application: 2 });
    expect(row!.after).toMatchObject({ reviews_per_application: 3 });

    const bad = await put({ reviews_per_application: 0 });
    expect(bad.statusCode).toBe(400);
    expect((await put({ rubric: { hacker: [], mentor: DEFAULT_RUBRIC.mentor } })).statusCode).toBe(400);
    const r = await reviewerSession(ctx);
    expect((await r.call('GET', '/api/review/settings')).statusCode).toBe(403);
    expect((await r.call('PUT', '/api/review/settings', { ranking: 'raw' })).statusCode).toBe(403);
  });

  it('once a role has scores, refuses a scale change or a deletion, naming the criterion', async () => {
    // Before any score, both are fine.
    const rescale = hackerRubric((c) =>
      c.id === 'motivation' ? { ...c, scale: 3, levels: ['Low', 'Mid', 'High'] } : c,
    );
    expect((await put(rescale)).statusCode).toBe(200);
    expect((await put({ rubric: DEFAULT_RUBRIC })).statusCode).toBe(200);

    const { r, id } = await holding();
    expect((await r.call('POST', `/api/review/${id}`, hackerScores(3))).statusCode).toBe(200);
    const refused = await put(rescale);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'Scores exist for “Motivation”: its scale cannot change (it stays 1 to 5).',
      code: 'rubric_in_use',
    });
    const deleted = await put({ rubric: { ...DEFAULT_RUBRIC, hacker: DEFAULT_RUBRIC.hacker.slice(0, 2) } });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error).toBe('Scores exist for “Creativity”: it cannot be deleted.');
    expect((await admin.call('GET', '/api/review/settings')).json().rubric).toEqual(DEFAULT_RUBRIC);
    // The mentors' rubric has no scores yet: it may change freely.
    const mentorRescaled = {
      rubric: {
        ...DEFAULT_RUBRIC,
        mentor: [{ ...DEFAULT_RUBRIC.mentor[0]!, scale: 2, levels: ['No', 'Yes'] }],
      },
    };
    expect((await put(mentorRescaled)).statusCode).toBe(200);
  });

  it('allows names, meanings and weights; a weight change stores the totals and scores again', async () => {
    const [app] = await submittedApplications(ctx, 1);
    const a = await holding(app!.id);
    const b = await holding(app!.id);
    await a.r.call('POST', `/api/review/${app!.id}`, hackerScores(2, { creativity: 5 })); // 3
    await b.r.call('POST', `/api/review/${app!.id}`, hackerScores(2)); // 2
    expect(await reviewColumns(ctx, app!.id)).toMatchObject({ review_score_raw: 2.5, review_complete: true });

    const renamed = await put(
      hackerRubric((c) => ({ ...c, name: `${c.name} (renamed)`, levels: c.levels.map((l) => `${l}!`) })),
    );
    expect(renamed.statusCode).toBe(200);
    const totals = async () =>
      (
        await ctx.database.pool.query<{ total: number }>(
          'select total from reviews where application_id = $1 order by total',
          [app!.id],
        )
      ).rows.map((x) => x.total);
    expect(await totals()).toEqual([2, 3]);

    // Creativity now counts three times: (2 + 2 + 3 * 5) / 5 = 3.8.
    const reweighted = await put(hackerRubric((c) => (c.id === 'creativity' ? { ...c, weight: 3 } : c)));
    expect(reweighted.statusCode).toBe(200);
    expect(await totals()).toEqual([2, 3.8]);
    // 3.8 - 2 = 1.8 is over the threshold: disputed, and short of its third review again.
    expect(await reviewColumns(ctx, app!.id)).toEqual({
      review_count: 2,
      review_score_raw: 2.9,
      review_flagged: false,
      review_disputed: true,
      review_complete: false,
    });
    const [row] = (await auditRows(ctx, 'settings')).slice(-1);
    expect(row!.action).toBe('review.settings.update');
  });

  it('a change of k or of the threshold recomputes every application’s state', async () => {
    const apps = await submittedApplications(ctx, 2);
    for (const app of apps) {
      const a = await holding(app.id);
      const b = await holding(app.id);
      await a.r.call('POST', `/api/review/${app.id}`, hackerScores(4));
      await b.r.call('POST', `/api/review/${app.id}`, hackerScores(app === apps[0] ? 4 : 2));
    }
    expect(await reviewColumns(ctx, apps[0]!.id)).toMatchObject({
      review_complete: true,
      review_disputed: false,
    });
    // Disputed: short of its third review.
    expect(await reviewColumns(ctx, apps[1]!.id)).toMatchObject({
      review_complete: false,
      review_disputed: true,
    });
    expect((await put({ reviews_per_application: 1 })).statusCode).toBe(200);
    expect(await reviewColumns(ctx, apps[1]!.id)).toMatchObject({
      review_complete: true,
      review_disputed: true,
    });

    // The threshold rises over the spread of 2: no longer disputed.
    expect((await put({ disagreement_threshold: 2.5, reviews_per_application: 3 })).statusCode).toBe(200);
    for (const app of apps) {
      expect(await reviewColumns(ctx, app.id)).toMatchObject({
        review_complete: false,
        review_disputed: false,
      });
    }
    // Short of k = 3 again: both are back in the queue.
    expect((await (await reviewerSession(ctx)).next()).application?.id).toBe(apps[0]!.id);
    expect((await put({ reviews_per_application: 2 })).statusCode).toBe(200);
    expect(await reviewColumns(ctx, apps[1]!.id)).toMatchObject({ review_complete: true });
  });
});

describe('a reviewer account', () => {
  function concreteUrl(pattern: string): string {
    return pattern
      .split('/')
      .map((s) => (s.startsWith(':') ? crypto.randomUUID() : s === '*' ? 'x' : s))
      .join('/');
  }

  it('is refused every admin, staff and applicant route (403)', async () => {
    const r = await reviewerSession(ctx);
    const routes = ctx.app.routeTable.filter((route) =>
      ['admin', 'staff', 'applicant'].includes(route.access),
    );
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: 'PUT', url: '/api/review/settings', access: 'admin' });
    for (const route of routes) {
      const withBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method);
      const res = await r.call(route.method as 'GET', concreteUrl(route.url), withBody ? {} : undefined);
      expect({ route, status: res.statusCode }).toEqual({ route, status: 403 });
    }
  });

  it('gets through every reviewer route; volunteers and applicants do not', async () => {
    const routes = ctx.app.routeTable.filter((route) => route.access === 'reviewer');
    expect(routes.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
      [
        'GET /api/review/next',
        'GET /api/review/mine',
        'GET /api/review/:applicationId',
        'POST /api/review/:applicationId',
        'POST /api/review/:applicationId/skip',
        'GET /api/review/:applicationId/resume',
      ].sort(),
    );
    const r = await reviewerSession(ctx);
    const volunteer = await reviewerSession(ctx, 'volunteer');
    const hacker = await reviewerSession(ctx, 'hacker');
    for (const route of routes) {
      const url = concreteUrl(route.url);
      const body = route.method === 'POST' ? {} : undefined;
      const res = await r.call(route.method as 'GET', url, body);
      expect({ route, refused: [401, 403].includes(res.statusCode), failed: res.statusCode >= 500 }).toEqual({
        route,
        refused: false,
        failed: false,
      });
      for (const other of [volunteer, hacker]) {
        expect((await other.call(route.method as 'GET', url, body)).statusCode).toBe(403);
      }
    }
  });
});
