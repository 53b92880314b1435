/**
 * The review columns on each application (review_count, review_score_raw, review_flagged,
 * review_disputed, review_complete), always worked out from the reviews table by this one
 * statement, whether one review changed, a role's weights did, or k did. The queue's partial index
 * and the admin's scores read these columns, so they must never drift from the reviews.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { ApplicantRole } from '@lanyard/shared/constants';
import { weightedTotal, type ReviewSettings, type RubricCriterion } from '@lanyard/shared/review';
import type { DbOrTx } from '../../db/client';
import { applications, reviews } from '../../db/schema/index';

type Rules = Pick<ReviewSettings, 'reviews_per_application' | 'disagreement_threshold'>;

export type Scope = { applicationId: string } | { role: ApplicantRole } | 'all';

function scopeOf(scope: Scope): SQL {
  if (scope === 'all') return sql`true`;
  if ('role' in scope) return eq(reviews.role, scope.role);
  return eq(reviews.applicationId, scope.applicationId);
}

/**
 * Recomputes the review columns of the applications in scope (those with at least one review), and
 * answers with the applications whose columns changed and whether each is now complete.
 */
export async function recomputeReviewColumns(
  db: DbOrTx,
  rules: Rules,
  scope: Scope,
): Promise<{ id: string; complete: boolean }[]> {
  const k = rules.reviews_per_application;
  // Totals are kept to three decimals: the spread is rounded alike, so 4.333 - 2.833 is 1.5, not
  // 1.5000000000000004, and a threshold of 1.5 means what it says.
  const { rows } = await db.execute<{ id: string; complete: boolean }>(sql`
    with s as (
      select application_id,
             count(*)::int as n,
             avg(total) as mean,
             bool_or(flag is not null) as flagged,
             round((max(total) - min(total))::numeric, 3) > ${rules.disagreement_threshold} as disputed
        from ${reviews}
       where ${scopeOf(scope)}
       group by application_id
    ), v as (
      select s.*, s.n >= ${k} + case when s.disputed then 1 else 0 end as complete from s
    )
    update ${applications} a
       set review_count = v.n,
           review_score_raw = v.mean,
           review_flagged = v.flagged,
           review_disputed = v.disputed,
           review_complete = v.complete
      from v
     where a.id = v.application_id
       and (a.review_count, a.review_score_raw, a.review_flagged, a.review_disputed, a.review_complete)
           is distinct from (v.n, v.mean, v.flagged, v.disputed, v.complete)
    returning a.id, a.review_complete as complete`);
  return rows;
}

const BATCH = 5000;

/**
 * Stores each review's total again under a role's new rubric (new weights, or a criterion added),
 * computed by the one formula the reviewers' submits use (weightedTotal).
 */
export async function recomputeTotals(
  db: DbOrTx,
  role: ApplicantRole,
  criteria: readonly RubricCriterion[],
): Promise<number> {
  const rows = await db
    .select({ id: reviews.id, scores: reviews.scores })
    .from(reviews)
    .where(eq(reviews.role, role));
  let changed = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const ids = batch.map((r) => r.id);
    const totals = batch.map((r) => weightedTotal(criteria, (r.scores ?? {}) as Record<string, number>));
    const result = await db.execute(sql`
      update ${reviews} r set total = u.total
        from unnest(${sql.param(ids)}::uuid[], ${sql.param(totals)}::float8[]) as u(id, total)
       where r.id = u.id and r.total is distinct from u.total`);
    changed += result.rowCount ?? 0;
  }
  return changed;
}
