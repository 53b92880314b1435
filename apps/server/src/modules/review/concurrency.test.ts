/**
 * Twenty reviewers ask two server instances on one database for work at once: no application is
 * ever handed out past the reviews it needs (reviews plus live holds), and no reviewer reviews an
 * application twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewNextResponse } from '@lanyard/shared/review';
import { createTestContext, type TestContext } from '../../../test/helper';
import { startInstance, type Instance } from '../../../test/instances';
import { onApp, reviewerSession, submittedApplications, type ReviewerSession } from '../../../test/review';

const REVIEWERS = 20;
const CALLS = 100;
const APPLICATIONS = 500;
const K = 2;

let ctx: TestContext;
let second: Instance;
beforeAll(async () => {
  ctx = await createTestContext();
  second = await startInstance(ctx);
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

/** Applications holding more reviews plus live holds than they need, in one snapshot. */
async function overAssigned(): Promise<string[]> {
  const { rows } = await ctx.database.pool.query<{ id: string }>(`
    select a.id from applications a
     where (select count(*) from reviews r where r.application_id = a.id)
         + (select count(*) from review_holds h where h.application_id = a.id and h.expires_at > now())
         > ${K} + case when a.review_disputed then 1 else 0 end`);
  return rows.map((r) => r.id);
}

describe('assignment across two server instances', () => {
  it(`${REVIEWERS} reviewers x ${CALLS} next+submit calls never exceed k`, async () => {
    await submittedApplications(ctx, APPLICATIONS);
    const reviewers = await Promise.all(Array.from({ length: REVIEWERS }, () => reviewerSession(ctx)));
    const seenOver = new Set<string>();
    let running = true;
    const monitor = (async () => {
      while (running) {
        for (const id of await overAssigned()) seenOver.add(id);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();

    const failures: string[] = [];
    let reviewed = 0;
    let empty = 0;
    const work = async (r: ReviewerSession, n: number) => {
      // Each call goes to one instance or the other, as a load balancer would send it.
      const on = [r, onApp(r, second.app)] as const;
      for (let i = 0; i < CALLS; i++) {
        const res = await on[(i + n) % 2]!.call('GET', '/api/review/next');
        if (res.statusCode !== 200) {
          failures.push(`next ${res.statusCode} ${res.body}`);
          continue;
        }
        const body = res.json() as ReviewNextResponse;
        if (!body.application) {
          empty++;
          continue;
        }
        // Scores spread widely enough that some applications are disputed and need a third review.
        const score = ((n * 7 + i * 3) % 5) + 1;
        const submit = await on[(i + n + 1) % 2]!.call('POST', `/api/review/${body.application.id}`, {
          scores: { experience: score, motivation: score, creativity: score },
        });
        if (submit.statusCode === 200) reviewed++;
        else failures.push(`submit ${submit.statusCode} ${submit.body}`);
      }
    };
    await Promise.all(reviewers.map((r, n) => work(r, n)));
    running = false;
    await monitor;

    expect(failures).toEqual([]);
    expect([...seenOver]).toEqual([]);
    expect(await overAssigned()).toEqual([]);
    const { rows: dupes } = await ctx.database.pool.query(
      'select application_id, reviewer_id from reviews group by 1, 2 having count(*) > 1',
    );
    expect(dupes).toEqual([]);
    const { rows } = await ctx.database.pool.query<{
      reviews: number;
      drift: number;
      incomplete: number;
      disputed: number;
      holds: number;
    }>(`
        select (select count(*)::int from reviews) as reviews,
               (select count(*)::int from applications a
                 where review_count <> (select count(*) from reviews r where r.application_id = a.id)) as drift,
               (select count(*)::int from applications where not review_complete) as incomplete,
               (select count(*)::int from applications where review_disputed) as disputed,
               (select count(*)::int from review_holds) as holds`);
    const totals = rows[0]!;
    expect(totals.reviews).toBe(reviewed);
    expect(totals.drift).toBe(0);
    expect(totals.holds).toBe(0);
    expect(totals.disputed).toBeGreaterThan(0);
    // More calls than work: the queue ran dry, and every application got every review it needs.
    expect(empty).toBeGreaterThan(0);
    expect(totals.incomplete).toBe(0);
    expect(reviewed).toBe(APPLICATIONS * K + totals.disputed);
  }, 300_000);
});
