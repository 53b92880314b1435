import { sql, type SQL } from 'drizzle-orm';
import type { ApplicantRole } from '@lanyard/shared/constants';
import {
  CALIBRATION_MIN_REVIEWS,
  rubricTop,
  type RankingMethod,
  type ReviewSettings,
} from '@lanyard/shared/review';
import type { Db, DbOrTx } from './client';
import {
  applications,
  reviewChanges,
  reviews,
  reviewScoresSnapshot,
  reviewScoresState,
} from './schema/index';
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
  /**
   * Where the scores are read from: the kept snapshot (derived.review_scores) when it is current enough,
   * else (unset) computed from the reviews on the spot.
   */
  source?: { from: SQL; for: string };
}

export function scoreRulesOf(review: ReviewSettings): ScoreRules {
  return {
    ranking: review.ranking,
    top: { hacker: rubricTop(review.rubric.hacker), mentor: rubricTop(review.rubric.mentor) },
    reviewsPerApplication: review.reviews_per_application,
  };
}

/**
 * The score rules, reading scores from the kept snapshot when it is current enough. `exact` always
 * computes from the reviews as this transaction sees them (deciding by score does, under its locks).
 */
export async function readScoreRules(db: DbOrTx, opts: { exact?: boolean } = {}): Promise<ScoreRules> {
  const rules = scoreRulesOf(reviewSettingsOf(await readSettings(db)));
  if (opts.exact) return rules;
  return (await snapshotIsUsable(db, rules))
    ? { ...rules, source: { from: SNAPSHOT, for: keyOf(rules) } }
    : rules;
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
  // Rules changed after reading (a caller ranking by raw for once) no longer match the snapshot.
  return rules.source && rules.source.for === keyOf(rules) ? rules.source.from : computedScores(rules);
}

function computedScores(rules: ScoreRules): SQL {
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

// The snapshot. Scoring a whole role reads every review (about 0.3 s at 50,000 applications with
// two reviews each): too slow for each page of the admin list while reviewers work. So the scores
// are kept in review_scores, and recomputed in the background when reviews or the rules change.
// Reviews change by the second while reviewers work; the list may then read a snapshot up to
// `maxAgeMs` old (config.reviewScoresMaxAgeMs) while a fresher one is computed, and computes on the
// spot past that. review_changes (a row per statement changing reviews, by trigger) says exactly
// which reviews a snapshot saw: its highest id, read in the snapshot's own transaction.

const SNAPSHOT = sql`(select application_id, role, score_raw, score_calibrated, score, rank from ${reviewScoresSnapshot})`;
/** pg_try_advisory_xact_lock key: one refresh at a time across every instance. */
const REFRESH_LOCK = 0x5245_5653; // "REVS"

let snapshotMaxAgeMs = 0;
let refreshDb: Db | undefined;
let refreshing: Promise<void> | undefined;
let onRefreshError: (err: unknown) => void = () => {};

/** Set at start-up (app.ts): the database the background refresh uses, and how stale may be served. */
export function configureReviewScores(opts: { db: Db; maxAgeMs: number; onError?: (err: unknown) => void }) {
  refreshDb = opts.db;
  snapshotMaxAgeMs = opts.maxAgeMs;
  if (opts.onError) onRefreshError = opts.onError;
}

const rulesKey = (rules: ScoreRules) => ({
  ranking: rules.ranking,
  hacker: rules.top.hacker,
  mentor: rules.top.mentor,
});
const keyOf = (rules: ScoreRules) => JSON.stringify(rulesKey(rules));

async function snapshotIsUsable(db: DbOrTx, rules: ScoreRules): Promise<boolean> {
  const { rows } = await db.execute<{
    change: string | number;
    rules: ReturnType<typeof rulesKey> | null;
    computed_at: Date | string | null;
    latest: string | number;
  }>(sql`select s.change, s.rules, s.computed_at,
                (select coalesce(max(id), 0) from ${reviewChanges}) as latest
           from ${reviewScoresState} s where s.id = 1`);
  const state = rows[0];
  if (!state) {
    // Never computed here (a new or restored database): the first refresh makes it.
    refreshSnapshot();
    return false;
  }
  const key = rulesKey(rules);
  const sameRules =
    state.rules?.ranking === key.ranking &&
    state.rules.hacker === key.hacker &&
    state.rules.mentor === key.mentor;
  const current = sameRules && Number(state.change) === Number(state.latest);
  if (current) return true;
  refreshSnapshot();
  if (!sameRules || !state.computed_at || snapshotMaxAgeMs <= 0) return false;
  return Date.now() - new Date(state.computed_at).getTime() <= snapshotMaxAgeMs;
}

/** Starts a refresh in the background unless this instance has one running. */
export function refreshSnapshot(): Promise<void> | undefined {
  if (!refreshDb || refreshing) return refreshing;
  const db = refreshDb;
  refreshing = recomputeSnapshot(db)
    .catch((err: unknown) => onRefreshError(err))
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}
/** The refresh running now, if any (to wait for it before closing the pool). */
refreshSnapshot.running = (): Promise<void> | undefined => refreshing;

/**
 * Recomputes the snapshot in one repeatable-read transaction, so the change it records and the
 * reviews it scores are the same snapshot. Another instance already at it: nothing to do (a
 * serialization failure against it is left to the next read, which starts another).
 */
export async function recomputeSnapshot(db: Db): Promise<void> {
  await db.transaction(
    async (tx) => {
      const { rows: lock } = await tx.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(${REFRESH_LOCK}) as locked`,
      );
      if (!lock[0]?.locked) return;
      const rules = await readScoreRules(tx, { exact: true });
      const { rows } = await tx.execute<{ latest: string | number }>(
        sql`select coalesce(max(id), 0) as latest from ${reviewChanges}`,
      );
      const latest = Number(rows[0]?.latest ?? 0);
      await tx.execute(sql`delete from ${reviewScoresSnapshot}`);
      await tx.execute(sql`insert into ${reviewScoresSnapshot} (application_id, role, score_raw, score_calibrated, score, rank)
        select application_id, role, score_raw, score_calibrated, score, rank from ${computedScores(rules)} s`);
      // The row is made by the first refresh (a restored database starts without one).
      await tx.execute(sql`insert into ${reviewScoresState} (id, change, rules, computed_at)
        values (1, ${latest}, ${JSON.stringify(rulesKey(rules))}::jsonb, now())
        on conflict (id) do update
          set change = excluded.change, rules = excluded.rules, computed_at = excluded.computed_at`);
      // Only the highest id is ever read.
      await tx.execute(sql`delete from ${reviewChanges} where id < ${latest}`);
    },
    { isolationLevel: 'repeatable read' },
  );
}
