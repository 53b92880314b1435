import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApplicationsResponseSchema, type AdminApplication } from '@lanyard/shared/admin';
import { applicationReviewsResponseSchema, DEFAULT_RUBRIC, REVIEW_STATES } from '@lanyard/shared/review';
import { asUser, csvObjects, parseCsv, seedApplications } from '../../../test/admin';
import { createAdmin, createTestContext, type TestContext } from '../../../test/helper';
import { addReviews, buildReviewer } from '../../../test/reviews';

let ctx: TestContext;
let call: ReturnType<typeof asUser>;

/**
 * Nine hackers and a mentor with raw ranking (plain numbers): a..e scored, f in review, g
 * disputed and still short of its extra review, h disputed with it, i flagged, u unreviewed.
 */
const ids: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  call = asUser(ctx, (await createAdmin(ctx)).token);
  await ctx.database.pool.query(`update settings set review = '{"ranking": "raw"}'`);
  const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'u', 'm'];
  const rows = await seedApplications(ctx, names.length, (i) => ({
    firstName: names[i]!,
    role: names[i] === 'm' ? 'mentor' : 'hacker',
    submittedAt: new Date(Date.UTC(2025, 5, 1) + i * 60_000),
  }));
  rows.forEach((r, i) => (ids[names[i]!] = r.id));
  const db = ctx.database.db;
  const [r1, r2, r3] = [await buildReviewer(db), await buildReviewer(db), await buildReviewer(db)];
  const two = (name: string, x: number, y: number) => [
    { applicationId: ids[name]!, reviewerId: r1.id, total: x },
    { applicationId: ids[name]!, reviewerId: r2.id, total: y },
  ];
  await addReviews(db, [
    ...two('a', 5, 5),
    ...two('b', 4, 4.5),
    ...two('c', 4, 4.5), // ties b: the id breaks it
    ...two('d', 3, 3),
    ...two('e', 2, 1.5),
    { applicationId: ids.f!, reviewerId: r1.id, total: 3 },
    ...two('g', 1, 5),
    ...two('h', 1, 4),
    { applicationId: ids.h!, reviewerId: r3.id, total: 3, note: 'Third opinion', durationMs: 90_000 },
    { applicationId: ids.i!, reviewerId: r1.id, total: 2, flag: 'spam', flagReason: 'Ads for a casino' },
    { applicationId: ids.i!, reviewerId: r2.id, total: 2.5, flag: 'duplicate', flagReason: 'Same as b' },
    { applicationId: ids.m!, reviewerId: r1.id, total: 4, role: 'mentor' },
  ]);
  await ctx.database.pool.query(
    "insert into review_skips (application_id, reviewer_id, reason) values ($1, $2, 'conflict')",
    [ids.u, r3.id],
  );
});
afterAll(() => ctx.close());

const nameOf = (a: AdminApplication) => a.first_name;

async function list(query: string): Promise<{ applications: AdminApplication[]; total: number }> {
  const res = await call(
    'GET',
    `/api/admin/applications?${query.includes('limit=') ? '' : 'limit=200&'}${query}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return adminApplicationsResponseSchema.parse(res.json());
}

describe('the review columns of the list', () => {
  it('every row carries its reviews, score, rank within its role, flags and dispute', async () => {
    const rows = new Map((await list('')).applications.map((a) => [nameOf(a), a.review]));
    expect(rows.get('a')).toEqual({
      review_count: 2,
      reviews_needed: 2,
      score_raw: 5,
      score_calibrated: expect.any(Number),
      score: 5,
      rank: 1,
      flags: [],
      disputed: false,
    });
    expect(rows.get('b')).toMatchObject({ score: 4.25, rank: 2 });
    expect(rows.get('c')).toMatchObject({ score: 4.25, rank: 2 });
    expect(rows.get('g')).toMatchObject({ review_count: 2, reviews_needed: 3, disputed: true, score: 3 });
    expect(rows.get('h')).toMatchObject({ review_count: 3, reviews_needed: 3, disputed: true });
    expect(rows.get('i')!.flags).toEqual(['duplicate', 'spam']);
    expect(rows.get('u')).toEqual({
      review_count: 0,
      reviews_needed: 2,
      score_raw: null,
      score_calibrated: null,
      score: null,
      rank: null,
      flags: [],
      disputed: false,
    });
    // The mentor is ranked among mentors.
    expect(rows.get('m')).toMatchObject({ score: 4, rank: 1 });
  });

  it('each review state filter matches exactly its applications', async () => {
    const expected: Record<(typeof REVIEW_STATES)[number], string[]> = {
      unreviewed: ['u'],
      in_review: ['f', 'g', 'm'],
      reviewed: ['a', 'b', 'c', 'd', 'e', 'h', 'i'],
      disputed: ['g', 'h'],
      flagged: ['i'],
    };
    for (const state of REVIEW_STATES) {
      const got = (await list(`review_state=${state}`)).applications.map(nameOf).sort();
      expect({ state, got }).toEqual({ state, got: expected[state] });
    }
    const two = (await list('review_state=unreviewed,flagged')).applications.map(nameOf).sort();
    expect(two).toEqual(['i', 'u']);
  });

  it('filters by score range on the ranking score; the unscored match no range', async () => {
    const got = await list('score_min=3&score_max=4.25');
    expect(got.applications.map(nameOf).sort()).toEqual(['b', 'c', 'd', 'f', 'g', 'm']);
    expect(got.total).toBe(6);
    expect((await list('score_min=4.5&role=hacker')).applications.map(nameOf)).toEqual(['a']);
    for (const bad of ['score_min=abc', 'score_max=11', 'score_min=-1', 'review_state=done']) {
      const res = await call('GET', `/api/admin/applications?${bad}`);
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
    }
  });

  it('sorts by score, best first by default, unscored last in both directions, ties by id', async () => {
    const desc = (await list('sort=score&role=hacker')).applications;
    const scored = desc.filter((a) => a.review.score !== null);
    expect(desc.slice(scored.length).map(nameOf)).toEqual(['u']);
    const [b, c] = [ids.b!, ids.c!].sort().reverse();
    expect(scored.map((a) => a._id).slice(0, 3)).toEqual([ids.a, b, c]);
    const asc = (await list('sort=score&dir=asc&role=hacker')).applications;
    expect(asc.at(-1)!.first_name).toBe('u');
    expect(asc[0]!.first_name).toBe('e');
    // Pages follow the same order.
    const paged = [
      ...(await list('sort=score&role=hacker&limit=4&page=1')).applications,
      ...(await list('sort=score&role=hacker&limit=4&page=2')).applications,
      ...(await list('sort=score&role=hacker&limit=4&page=3')).applications,
    ];
    expect(paged.map((a) => a._id)).toEqual(desc.map((a) => a._id));
  });

  it('the detail carries the same summary', async () => {
    const res = await call('GET', `/api/admin/applications/${ids.i}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().review).toMatchObject({ review_count: 2, flags: ['duplicate', 'spam'], score: 2.25 });
  });
});

describe('GET /api/admin/applications/:id/reviews', () => {
  it('shows every review with its reviewer, scores, note and flag, the skips, the criteria and the summary', async () => {
    const res = await call('GET', `/api/admin/applications/${ids.h}/reviews`);
    expect(res.statusCode, res.body).toBe(200);
    const body = applicationReviewsResponseSchema.parse(res.json());
    expect(body.summary).toMatchObject({ review_count: 3, disputed: true, score: 2.667 });
    expect(body.criteria).toEqual(DEFAULT_RUBRIC.hacker);
    expect(body.reviews).toHaveLength(3);
    expect(body.reviews.map((r) => r.total).sort()).toEqual([1, 3, 4]);
    const third = body.reviews.find((r) => r.total === 3)!;
    expect(third).toMatchObject({ note: 'Third opinion', scores: { experience: 3 }, flag: null });
    expect(third.reviewer_email).toMatch(/^reviewer\./);
    const flagged = applicationReviewsResponseSchema.parse(
      (await call('GET', `/api/admin/applications/${ids.i}/reviews`)).json(),
    );
    expect(flagged.reviews.map((r) => [r.flag, r.flag_reason]).sort()).toEqual([
      ['duplicate', 'Same as b'],
      ['spam', 'Ads for a casino'],
    ]);
    const skipped = applicationReviewsResponseSchema.parse(
      (await call('GET', `/api/admin/applications/${ids.u}/reviews`)).json(),
    );
    expect(skipped.reviews).toEqual([]);
    expect(skipped.skips).toEqual([
      {
        reviewer_email: expect.stringMatching(/^reviewer\./),
        reason: 'conflict',
        created_at: expect.any(String),
      },
    ]);
    const mentor = applicationReviewsResponseSchema.parse(
      (await call('GET', `/api/admin/applications/${ids.m}/reviews`)).json(),
    );
    expect(mentor.criteria).toEqual(DEFAULT_RUBRIC.mentor);
  });

  it('answers 404 for an unknown application and 400 for a malformed id', async () => {
    expect(
      (await call('GET', '/api/admin/applications/00000000-0000-4000-8000-000000000000/reviews')).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/admin/applications/nope/reviews')).statusCode).toBe(400);
  });
});

describe('the same filters elsewhere', () => {
  it('the CSV export takes the review filters', async () => {
    const res = await call('GET', '/api/export/applications/csv?score_min=4&review_state=reviewed');
    expect(res.statusCode, res.body).toBe(200);
    // The file starts with a byte-order mark for spreadsheets.
    const rows = csvObjects(parseCsv(res.rawPayload.toString('utf8').slice(1)));
    expect(rows.map((r) => r.id).sort()).toEqual([ids.a, ids.b, ids.c].sort());
    const selection = await call('POST', '/api/export/applications/csv', {
      filter: { review_state: ['flagged'] },
      expected_count: 1,
    });
    expect(selection.statusCode, selection.body).toBe(200);
    expect(csvObjects(parseCsv(selection.rawPayload.toString('utf8').slice(1))).map((r) => r.id)).toEqual([
      ids.i,
    ]);
  });

  it('a bulk status change by a score filter changes exactly those applications', async () => {
    const res = await call('PUT', '/api/admin/applications/bulk/status', {
      filter: { role: ['hacker'], score_min: 4.25 },
      expected_count: 3,
      status: 'waitlisted',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 3 });
    const waitlisted = (await list('status=waitlisted')).applications.map(nameOf).sort();
    expect(waitlisted).toEqual(['a', 'b', 'c']);
    const changed = await call('PUT', '/api/admin/applications/bulk/status', {
      filter: { review_state: ['disputed'] },
      expected_count: 5,
      status: 'rejected',
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'count_changed', count: 2 });
  });
});
