/**
 * A review is checked against the settings it read and written by review_submit (migration 0015),
 * which proves under a share lock that those settings still hold: a rubric change or a release in
 * between is never written past.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countRows } from '../../../test/admin';
import { createTestContext, type TestContext } from '../../../test/helper';
import { hackerScores, reviewerSession, submittedApplications } from '../../../test/review';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.pool.query('delete from applications');
});

async function callSubmit(applicationId: string, reviewerId: string, version: string | null) {
  const { rows } = await ctx.database.pool.query<{ outcome: string }>(
    `select outcome from review_submit($1, $2, $3, true, 2, 1.5, '{"experience":4,"motivation":4,"creativity":4}',
       4, '', null, '', null, null, null, null)`,
    [applicationId, reviewerId, version],
  );
  return rows[0]!.outcome;
}

describe('review_submit and the settings it was checked against', () => {
  it('refuses as stale when the settings changed since they were read, writing nothing', async () => {
    const [app] = await submittedApplications(ctx, 1);
    const r = await reviewerSession(ctx);
    expect((await r.next()).application?.id).toBe(app!.id);
    const { rows } = await ctx.database.pool.query<{ v: string }>('select xmin::text as v from settings');
    const read = rows[0]!.v;
    await ctx.database.pool.query('update settings set review = null');

    expect(await callSubmit(app!.id, r.id, read)).toBe('stale');
    expect(await countRows(ctx, 'select 1 from reviews where application_id = $1', [app!.id])).toBe(0);
    expect(await countRows(ctx, 'select 1 from review_holds where application_id = $1', [app!.id])).toBe(1);

    // Through the API the service reads the settings again and the review goes in.
    const res = await r.call('POST', `/api/review/${app!.id}`, hackerScores(4));
    expect(res.statusCode, res.body).toBe(200);
    expect(await countRows(ctx, 'select 1 from reviews where application_id = $1', [app!.id])).toBe(1);
  });

  it('with the settings as read, writes the review, drops the hold and audits it', async () => {
    const [app] = await submittedApplications(ctx, 1);
    const r = await reviewerSession(ctx);
    expect((await r.next()).application?.id).toBe(app!.id);
    const { rows } = await ctx.database.pool.query<{ v: string }>('select xmin::text as v from settings');
    expect(await callSubmit(app!.id, r.id, rows[0]!.v)).toBe('ok');
    expect(await countRows(ctx, 'select 1 from reviews where application_id = $1', [app!.id])).toBe(1);
    expect(await countRows(ctx, 'select 1 from review_holds where application_id = $1', [app!.id])).toBe(0);
    expect(
      await countRows(ctx, `select 1 from audit_log where action = 'review.submit' and target_id = $1`, [
        app!.id,
      ]),
    ).toBe(1);
  });
});
