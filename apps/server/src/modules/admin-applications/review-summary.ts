import { sql } from 'drizzle-orm';
import type { ApplicationReviewSummary, ReviewFlag } from '@lanyard/shared/review';
import type { DbOrTx } from '../../db/client';
import { reviewScores, type ScoreRules } from '../../db/review-scores';
import { reviews } from '../../db/schema/index';

/** An application's review counters, as its row keeps them. */
export interface ReviewCounters {
  id: string;
  reviewCount: number;
  reviewDisputed: boolean;
}

/** An application's scores (null without reviews). */
export interface Scores {
  scoreRaw: number | null;
  scoreCalibrated: number | null;
  score: number | null;
  rank: number | null;
}

const NO_SCORES: Scores = { scoreRaw: null, scoreCalibrated: null, score: null, rank: null };

/**
 * The scores of some applications. The rank places each among every scored application of its
 * role, so the whole role is scored even for one page; pages with no reviewed application skip it.
 */
export async function scoresOf(
  db: DbOrTx,
  rules: ScoreRules,
  rows: readonly ReviewCounters[],
): Promise<Map<string, Scores>> {
  const ids = rows.filter((r) => r.reviewCount > 0).map((r) => r.id);
  const out = new Map<string, Scores>();
  if (!ids.length) return out;
  const { rows: scored } = await db.execute<{
    application_id: string;
    score_raw: number;
    score_calibrated: number;
    score: number;
    rank: number;
  }>(
    sql`select s.application_id, s.score_raw, s.score_calibrated, s.score, s.rank
          from ${reviewScores(rules)} s
         where s.application_id = any(${sql.param(ids)}::uuid[])`,
  );
  for (const s of scored) {
    out.set(s.application_id, {
      scoreRaw: s.score_raw,
      scoreCalibrated: s.score_calibrated,
      score: s.score,
      rank: s.rank,
    });
  }
  return out;
}

/** The distinct flags reviewers gave each of some applications (read by the reviews' own index). */
export async function flagsOf(
  db: DbOrTx,
  rows: readonly ReviewCounters[],
): Promise<Map<string, ReviewFlag[]>> {
  const ids = rows.filter((r) => r.reviewCount > 0).map((r) => r.id);
  const out = new Map<string, ReviewFlag[]>();
  if (!ids.length) return out;
  const { rows: flagged } = await db.execute<{ application_id: string; flags: ReviewFlag[] }>(
    sql`select ${reviews.applicationId} as application_id,
               array_agg(distinct ${reviews.flag}::text order by ${reviews.flag}::text) as flags
          from ${reviews}
         where ${reviews.applicationId} = any(${sql.param(ids)}::uuid[]) and ${reviews.flag} is not null
         group by ${reviews.applicationId}`,
  );
  for (const f of flagged) out.set(f.application_id, f.flags);
  return out;
}

export function toReviewSummary(
  row: ReviewCounters,
  rules: ScoreRules,
  scores: Scores | undefined,
  flags: ReviewFlag[] | undefined,
): ApplicationReviewSummary {
  const s = scores ?? NO_SCORES;
  return {
    review_count: row.reviewCount,
    reviews_needed: rules.reviewsPerApplication + (row.reviewDisputed ? 1 : 0),
    score_raw: s.scoreRaw,
    score_calibrated: s.scoreCalibrated,
    score: s.score,
    rank: s.rank,
    flags: flags ?? [],
    disputed: row.reviewDisputed,
  };
}

/**
 * The review summaries of some applications; `known` holds scores a query already joined (the
 * list sorted or filtered by score), so they are not computed twice.
 */
export async function reviewSummaries(
  db: DbOrTx,
  rules: ScoreRules,
  rows: readonly ReviewCounters[],
  known?: Map<string, Scores>,
): Promise<Map<string, ApplicationReviewSummary>> {
  // One after the other: `db` may be a transaction, which runs one query at a time.
  const scores = known ?? (await scoresOf(db, rules, rows));
  const flags = await flagsOf(db, rows);
  return new Map(rows.map((r) => [r.id, toReviewSummary(r, rules, scores.get(r.id), flags.get(r.id))]));
}
