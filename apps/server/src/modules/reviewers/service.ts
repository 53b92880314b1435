import { sql } from 'drizzle-orm';
import type { ReviewersResponse } from '@lanyard/shared/review';
import type { Db } from '../../db/client';
import { readScoreRules, reviewsNeeded } from '../../db/review-scores';
import { applications, reviewSkips, reviews, users } from '../../db/schema/index';

/** Pace is measured over this many days: long enough to smooth a day off, short enough to follow a push. */
export const PACE_DAYS = 3;
const DAY_MS = 86_400_000;

const round3 = (n: number | null) => (n === null ? null : Math.round(n * 1000) / 1000);

/** Applications still waiting for a decision: what review is for. Submitting stores "pending". */
const AWAITING = sql`${applications.status} in ('pending', 'submitted')`;

/**
 * The Reviewers view: each reviewer's work (and each admin's who reviewed or skipped) and the
 * progress of the whole review toward k reviews per application awaiting a decision.
 *
 * - reviews, mean and spread: of the reviewer's totals (population standard deviation, as
 *   calibration uses); median_seconds from the time the review screen measured.
 * - applications: awaiting a decision; reviews_done: the reviews they have; reviews_needed: what
 *   brings each to k (k + 1 once disputed); fully_reviewed: those with all they need.
 * - pace: reviews written over the last PACE_DAYS days, per day; the finish date is now plus the
 *   reviews needed at that pace (null with no pace; now when nothing is needed).
 */
export async function reviewersView(db: Db, now = new Date()): Promise<ReviewersResponse> {
  const rules = await readScoreRules(db);
  const { rows: people } = await db.execute<{
    id: string;
    email: string;
    role: string;
    reviews: number;
    mean: number | null;
    spread: number | null;
    median_seconds: number | null;
    skips: number;
    last_review_at: Date | string | null;
  }>(sql`
    select u.id, u.email, u.role::text as role,
           coalesce(r.n, 0)::int as reviews, r.mean, r.spread, r.median_seconds,
           coalesce(k.n, 0)::int as skips, r.last_review_at
      from ${users} u
      left join (
        select reviewer_id, count(*) as n, avg(total) as mean, stddev_pop(total) as spread,
               percentile_cont(0.5) within group (order by duration_ms) / 1000.0 as median_seconds,
               max(updated_at) as last_review_at
          from ${reviews}
         where reviewer_id is not null
         group by reviewer_id
      ) r on r.reviewer_id = u.id
      left join (
        select reviewer_id, count(*) as n from ${reviewSkips} group by reviewer_id
      ) k on k.reviewer_id = u.id
     where u.role = 'reviewer' or r.n is not null or k.n is not null
     order by coalesce(r.n, 0) desc, u.email`);
  const needed = reviewsNeeded(rules.reviewsPerApplication);
  const [progress] = (
    await db.execute<{
      applications: number;
      reviews_done: number;
      reviews_needed: number;
      fully_reviewed: number;
    }>(sql`
      select count(*)::int as applications,
             coalesce(sum(${applications.reviewCount}), 0)::int as reviews_done,
             coalesce(sum(greatest(${needed} - ${applications.reviewCount}, 0)), 0)::int as reviews_needed,
             (count(*) filter (where ${applications.reviewCount} >= ${needed}))::int as fully_reviewed
        from ${applications}
       where ${AWAITING}`)
  ).rows;
  const since = new Date(now.getTime() - PACE_DAYS * DAY_MS);
  const [recent] = (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${reviews} where ${reviews.createdAt} > ${since.toISOString()}::timestamptz`,
    )
  ).rows;
  const pace = (recent?.n ?? 0) / PACE_DAYS;
  const left = progress?.reviews_needed ?? 0;
  return {
    reviewers: people.map((p) => ({
      reviewer_id: p.id,
      email: p.email,
      role: p.role,
      reviews: p.reviews,
      mean: round3(p.mean),
      spread: round3(p.spread),
      median_seconds: p.median_seconds === null ? null : Math.round(p.median_seconds * 10) / 10,
      skips: p.skips,
      last_review_at: p.last_review_at === null ? null : new Date(p.last_review_at).toISOString(),
    })),
    progress: {
      applications: progress?.applications ?? 0,
      reviews_needed: left,
      reviews_done: progress?.reviews_done ?? 0,
      fully_reviewed: progress?.fully_reviewed ?? 0,
      pace_per_day: Math.round(pace * 10) / 10,
      estimated_finish: pace > 0 ? new Date(now.getTime() + (left / pace) * DAY_MS).toISOString() : null,
    },
  };
}
