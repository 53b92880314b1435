import { sql, type SQL } from 'drizzle-orm';
import type { ApplicantRole } from '@lanyard/shared/constants';
import {
  CALIBRATION_MIN_REVIEWS,
  rubricTop,
  type RankingMethod,
  type ReviewSettings,
} from '@lanyard/shared/review';
import type { DbOrTx } from './client';
import { applications, reviews } from './schema/index';
import { readSettings, reviewSettingsOf } from './settings';

/**
 * Review scores, in one place for the admin list (its filter, sort and columns), the CSV export,
 * the reviewers view and deciding by score. docs/decisions/017-review-calibration.md says why it
 * is computed this way.
 *
 * - raw: the mean of the application's review totals.
 * - calibrated: each review total becomes a z-score: against its reviewer's own mean and spread
 *   (population standard deviation) within the role once the reviewer has CALIBRATION_MIN_REVIEWS
 *   reviews of that role; before that (and for reviews whose reviewer was deleted) against the
 *   role's overall mean and spread. A spread of zero gives z = 0: a reviewer who gives everyone the
 *   same total says nothing about who is better. The application's calibrated score is
 *   role mean + role spread × mean(z), clamped to 1..the rubric's top for the role, so it reads on
 *   the same scale as the raw score.
 * - score: the one the ranking setting picks; rank: 1 for the best score within the role among
 *   scored applications (ties share a rank).
 *
 * Every score is rounded to 3 decimals (as review totals are) before it is compared, filtered or
 * ranked: what the admin sees is what sorts and filters, and calibrated scores that are equal on
 * paper do not differ in the 15th decimal.
 */

/** What the scores depend on besides the reviews: which score ranks, and each role's scale top. */
export interface ScoreRules {
  ranking: RankingMethod;
  top: Record<ApplicantRole, number>;
  /** k: reviews every application needs (one more when disputed). */
  reviewsPerApplication: number;
}

export function scoreRulesOf(review: ReviewSettings): ScoreRules {
  return {
    ranking: review.ranking,
    top: { hacker: rubricTop(review.rubric.hacker), mentor: rubricTop(review.rubric.mentor) },
    reviewsPerApplication: review.reviews_per_application,
  };
}

export async function readScoreRules(db: DbOrTx): Promise<ScoreRules> {
  return scoreRulesOf(reviewSettingsOf(await readSettings(db)));
}

/** The reviews an application needs: k, and one more once its reviews disagree (disputed). */
export function reviewsNeeded(k: number): SQL {
  return sql`(${k}::int + ${applications.reviewDisputed}::int)`;
}

/** Below this a spread is zero: totals are stored to 3 decimals, so any real spread is far above it. */
const ZERO_SPREAD = 1e-9;
/**
 * The scores of every reviewed application as a derived table (use it as `${reviewScores(r)} as x`):
 * columns application_id, role, score_raw, score_calibrated, score, rank. Applications without
 * reviews have no row.
 *
 * Since the mean is linear, role mean + role spread × mean(z) is the mean over the reviews of
 * role mean + role spread × z, and that is total × a + b with a and b fixed per reviewer and role:
 * a = role spread / reviewer spread, b = role mean − a × reviewer mean for a calibrated reviewer;
 * a = 0, b = role mean for one with zero spread; a = 1, b = 0 (the total itself) for one judged
 * against the role. So one pass over reviews gives the statistics (grouping sets: each reviewer's
 * and each role's at once), they become a and b for a few dozen reviewers, and one more pass gives
 * the scores: a hash join and one aggregate, whatever the number of reviews. Sums over a count, not
 * avg(): avg keeps an array per group, which made 50,000 groups spill to disk. The reviewers'
 * coefficients are a left join (no row: judged against the role), which also keeps the planner's
 * row estimate at the number of reviews, so it aggregates by hashing instead of sorting to disk.
 */
export function reviewScores(rules: ScoreRules): SQL {
  const top = sql`(case r.role when 'mentor' then ${rules.top.mentor}::float8 else ${rules.top.hacker}::float8 end)`;
  const score = rules.ranking === 'raw' ? sql`s.score_raw` : sql`s.score_calibrated`;
  return sql`(
    with stats as (
      select role, reviewer_id, grouping(reviewer_id) = 1 as whole_role,
             count(*) as n, avg(total) as mean, stddev_pop(total) as sd
        from ${reviews}
       group by grouping sets ((role, reviewer_id), (role))
    ),
    role_stats as (
      select role, mean, sd, sd > ${ZERO_SPREAD} as spread from stats where whole_role
    ),
    calibrated_reviewers as (
      select rv.role, rv.reviewer_id,
             case when rv.sd > ${ZERO_SPREAD} then ro.sd / rv.sd else 0 end as a,
             case when rv.sd > ${ZERO_SPREAD} then ro.mean - ro.sd * rv.mean / rv.sd else ro.mean end as b
        from stats rv
        join role_stats ro on ro.role = rv.role
       where not rv.whole_role and rv.reviewer_id is not null and rv.n >= ${CALIBRATION_MIN_REVIEWS}
    ),
    scored as (
      select r.application_id, r.role,
             round(sum(r.total) / count(*) * 1000) / 1000 as score_raw,
             round(least(greatest(sum(
               case when rv.a is not null then r.total * rv.a + rv.b
                    when ro.spread then r.total
                    else ro.mean end
             ) / count(*), 1), ${top}) * 1000) / 1000 as score_calibrated
        from ${reviews} r
        join role_stats ro on ro.role = r.role
        left join calibrated_reviewers rv on rv.role = r.role and rv.reviewer_id = r.reviewer_id
       group by r.application_id, r.role
    )
    select s.application_id, s.role, s.score_raw, s.score_calibrated, ${score} as score,
           rank() over (partition by s.role order by ${score} desc)::int as rank
      from scored s
  )`;
}
